import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { clientAddressKey } from './client-address.js';

/**
 * A proxy may pass the client on as `[2001:db8::1]`, `[2001:db8::1]:443` or `192.0.2.7:5678` (RFC 7239
 * style, or a proxy that copies the socket's host:port). Counted by the text, each port and each
 * address of the /64 would be a new client.
 */
describe('the address a limit counts by, written with brackets or a port', () => {
  const key = (ip: string) => clientAddressKey({ ip } as FastifyRequest);

  it('counts a bracketed IPv6 address, with or without a port, by its /64', () => {
    for (const written of [
      '[2001:db8:aa:bb::1]',
      '[2001:db8:aa:bb::2]:443',
      '[2001:0DB8:00AA:00BB:1234:5678:9abc:def0]:8443',
      '[fe80::1%eth0]:80',
    ]) {
      expect(key(written), written).toBe(written.startsWith('[fe80') ? 'fe80:0:0:0::/64' : '2001:db8:aa:bb::/64');
    }
  });

  it('counts an IPv4 address with a port, or IPv4-mapped in brackets, by the address alone', () => {
    expect(key('192.0.2.7:5678')).toBe('192.0.2.7');
    expect(key('192.0.2.7:1')).toBe('192.0.2.7');
    expect(key('[::ffff:192.0.2.7]:443')).toBe('192.0.2.7');
    expect(key('[192.0.2.7]')).toBe('192.0.2.7');
  });

  it('still counts what is not an address by its text, and an unbracketed IPv6 address is never cut at a colon', () => {
    expect(key('[not an address]:443')).toBe('[not an address]:443');
    expect(key('192.0.2.7:port')).toBe('192.0.2.7:port');
    expect(key('192.0.2.7:99999')).toBe('192.0.2.7:99999');
    // A whole address that only looks like one with a port: it is its own /64.
    expect(key('2001:db8:aa:bb::443')).toBe('2001:db8:aa:bb::/64');
    expect(key('2001:db8::1:443')).toBe('2001:db8:0:0::/64');
  });
});
