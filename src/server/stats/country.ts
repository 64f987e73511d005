import { createRequire } from 'node:module';
import { BlockList, isIP } from 'node:net';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import maxmind, { type CountryResponse, type Reader } from 'maxmind';
import { bareAddress } from '../rate-limit/client-address.js';

/**
 * A visit's country (issue 30; docs/decisions/042-countries.md): the two-letter code a trusted proxy
 * names in COUNTRY_HEADER, else the one an offline database gives for the client's address. The
 * address is looked up and dropped: only the code is ever stored, and nothing here logs it.
 */

/** The CC0 country database (@ip-location-db/geo-whois-asn-country-mmdb), IPv4 and IPv6 in one file. */
const COUNTRY_DATABASE_FILE = createRequire(import.meta.url).resolve(
  '@ip-location-db/geo-whois-asn-country-mmdb/geo-whois-asn-country.mmdb',
);

/** This database's record: `{ country_code: 'UZ' }` (not MaxMind's own `country.iso_code` shape). */
interface CountryRecord extends CountryResponse {
  readonly country_code?: unknown;
}

const REGION_NAMES = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });
/** Codes that name no country: unknown (XX, Cloudflare's), Tor (T1) fails the shape, "Unknown Region" (ZZ). */
const NOT_A_COUNTRY = new Set(['XX', 'ZZ']);

/**
 * A country code as it is stored: two letters, upper case, one the world's region names know;
 * anything else (empty, garbage, `XX`, `T1`) is unknown, null.
 */
export function countryCode(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const code = value.trim().toUpperCase();
  if (!/^[A-Z]{2}$/.test(code) || NOT_A_COUNTRY.has(code)) return null;
  // `of` throws for a malformed code, answers undefined (fallback: none) for one it does not know.
  return REGION_NAMES.of(code) === undefined ? null : code;
}

/**
 * Addresses that name no place: private networks, loopback, link-local, shared (CGNAT), documentation,
 * benchmarking, multicast and reserved ranges. The database answers some of them anyway (192.168.1.1
 * comes out as Australia), so they are unknown before any lookup.
 */
const NOWHERE = (() => {
  const list = new BlockList();
  const ipv4: [string, number][] = [
    ['0.0.0.0', 8],
    ['10.0.0.0', 8],
    ['100.64.0.0', 10],
    ['127.0.0.0', 8],
    ['169.254.0.0', 16],
    ['172.16.0.0', 12],
    ['192.0.0.0', 24],
    ['192.0.2.0', 24],
    ['192.168.0.0', 16],
    ['198.18.0.0', 15],
    ['198.51.100.0', 24],
    ['203.0.113.0', 24],
    ['224.0.0.0', 4],
    ['240.0.0.0', 4],
  ];
  const ipv6: [string, number][] = [
    ['::', 96],
    ['64:ff9b::', 96],
    ['100::', 64],
    ['2001:db8::', 32],
    ['fc00::', 7],
    ['fe80::', 10],
    ['ff00::', 8],
  ];
  for (const [network, prefix] of ipv4) list.addSubnet(network, prefix, 'ipv4');
  for (const [network, prefix] of ipv6) list.addSubnet(network, prefix, 'ipv6');
  return list;
})();

/**
 * An address as the database knows it: without a port or brackets a proxy may have added
 * (`bareAddress`), without an IPv6 zone, and an IPv4 address mapped into IPv6 (`::ffff:1.2.3.4`) as
 * IPv4. Undefined for anything that is not an address.
 */
function plainAddress(address: string): string | undefined {
  const bare = bareAddress(address.trim())?.replace(/%.*$/, '');
  if (bare === undefined) return undefined;
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(bare)?.[1];
  const plain = mapped ?? bare;
  return isIP(plain) === 0 ? undefined : plain;
}

export interface CountryDatabase {
  /** The country of a public address, or null (unknown); never throws, whatever it is given. */
  countryOf(address: string | undefined): string | null;
}

/** A database over an opened reader. */
function countryDatabase(reader: Reader<CountryRecord>): CountryDatabase {
  return {
    countryOf(address) {
      if (address === undefined) return null;
      const plain = plainAddress(address);
      if (plain === undefined) return null;
      const family = isIP(plain) === 4 ? 'ipv4' : 'ipv6';
      if (NOWHERE.check(plain, family)) return null;
      try {
        return countryCode(reader.get(plain)?.country_code);
      } catch {
        return null;
      }
    },
  };
}

const NO_DATABASE: CountryDatabase = { countryOf: () => null };
let opening: Promise<CountryDatabase> | undefined;

/**
 * The country database, read into memory on first use and kept for the process (about 9 MiB; a
 * lookup takes a few microseconds and reads no file). A database that cannot be read is reported
 * once, and every country is then unknown.
 */
export function sharedCountryDatabase(log?: FastifyBaseLogger): Promise<CountryDatabase> {
  opening ??= maxmind
    // The cache holds decoded records by their place in the file (about 250 countries), never addresses.
    .open<CountryRecord>(COUNTRY_DATABASE_FILE, { cache: { max: 1_000 } })
    .then(countryDatabase, (error: unknown) => {
      log?.error({ err: error }, 'The country database could not be read; countries are unknown');
      return NO_DATABASE;
    });
  return opening;
}

export interface VisitCountryOptions {
  /** COUNTRY_HEADER: the lower-case header a trusted proxy names the visitor's country in. */
  countryHeader?: string;
  database: () => Promise<CountryDatabase>;
}

/**
 * The country of a counted visit. A proxy's country header counts only for a request that came
 * through a trusted proxy (TRUST_PROXY: the server follows its X-Forwarded-For, so `request.ips` has
 * more than the socket's address); then it is the answer, valid or not, and no lookup is made. Else
 * the client's address (`request.ip`, which TRUST_PROXY makes the forwarded one) is looked up.
 */
export async function visitCountry(request: FastifyRequest, options: VisitCountryOptions): Promise<string | null> {
  const { countryHeader } = options;
  if (countryHeader && (request.ips?.length ?? 0) > 1) {
    const value = request.headers[countryHeader];
    return countryCode(Array.isArray(value) ? value[0] : value);
  }
  let address: string | undefined;
  try {
    address = request.ip;
  } catch {
    // Resolving the address through the proxy settings can fail once the socket is gone.
    return null;
  }
  const database = await options.database();
  return database.countryOf(address);
}
