import { isIPv4, isIPv6 } from 'node:net';
import type { FastifyRequest } from 'fastify';

/** The eight 16-bit groups of an IPv6 address, `::` expanded (an embedded IPv4 tail counts as two). */
function ipv6Groups(address: string): string[] {
  const [head = '', tail] = address.split('::');
  const parts = (text: string) =>
    text
      .split(':')
      .filter(Boolean)
      .flatMap((part) => {
        if (!part.includes('.')) return [part];
        const [a = 0, b = 0, c = 0, d = 0] = part.split('.').map(Number);
        return [((a << 8) | b).toString(16), ((c << 8) | d).toString(16)];
      });
  const left = parts(head);
  const right = tail === undefined ? [] : parts(tail);
  const zeros = Array.from({ length: 8 - left.length - right.length }, () => '0');
  return [...left, ...zeros, ...right].map((group) => group.toLowerCase().replace(/^0+(?=.)/, ''));
}

/** A port as a proxy writes it after an address: 0 to 65535. */
function isPort(text: string | undefined): boolean {
  return text !== undefined && /^\d{1,5}$/.test(text) && Number(text) <= 65_535;
}

/**
 * The address itself, as a proxy may write it in X-Forwarded-For: `[2001:db8::1]`, `[2001:db8::1]:443`
 * or `192.0.2.7:5678` (the RFC 7239 forms, or a proxy copying the socket's host:port). Counted by its
 * text, every port would be a new client. Undefined when what is left is not an address. A bare IPv6
 * address is never cut at a colon: `2001:db8::443` is an address, not `2001:db8:` and a port.
 */
export function bareAddress(text: string): string | undefined {
  const bracketed = /^\[([^\]]*)\](?::(\d+))?$/.exec(text);
  const ipv4WithPort = /^([\d.]+):(\d+)$/.exec(text);
  const [, address = text, port] = bracketed ?? ipv4WithPort ?? [];
  if (port !== undefined && !isPort(port)) return undefined;
  // `[192.0.2.7]` is no standard form, but it names that address all the same.
  if (isIPv4(address)) return address;
  return isIPv6(address.split('%')[0] ?? address) ? address : undefined;
}

/**
 * The part of a client's address a rate limit counts by: an IPv4 address as it is (also when it
 * arrives IPv4-mapped, `::ffff:203.0.113.7`), an IPv6 address by its /64 network, since one
 * subscriber usually holds a whole /64 and could otherwise take a fresh address per request.
 * Undefined only when there is no address, which happens when the client has already gone.
 */
export function clientAddressKey(request: FastifyRequest): string | undefined {
  let address: string | undefined;
  try {
    address = request.ip;
  } catch {
    // Resolving the address through the proxy settings can fail once the socket is gone.
    return undefined;
  }
  if (!address) return undefined;
  const bare = bareAddress(address);
  // Not an address at all: only a trusted proxy passing on a forged X-Forwarded-For gets here. Count
  // by the text, so it is limited like any other client (and cannot grow a key without bound).
  if (bare === undefined) return address.slice(0, 100);
  if (isIPv4(bare)) return bare;
  const withoutZone = bare.split('%')[0] ?? bare;
  const groups = ipv6Groups(withoutZone);
  if (groups.slice(0, 6).join(':') === '0:0:0:0:0:ffff') {
    const high = Number.parseInt(groups[6] ?? '0', 16);
    const low = Number.parseInt(groups[7] ?? '0', 16);
    return [high >> 8, high & 255, low >> 8, low & 255].join('.');
  }
  return `${groups.slice(0, 4).join(':')}::/64`;
}
