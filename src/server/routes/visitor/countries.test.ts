import { readFileSync } from 'node:fs';
import { Writable } from 'node:stream';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '../../config.js';
import type { Db } from '../../db/database.js';
import { serverLogging } from '../../log-format.js';
import { queryStats } from '../../repositories/stats-repository.js';
import { maintainStatistics } from '../../repositories/stats-rollup-repository.js';
import { findVisitorIdByToken } from '../../repositories/visitor-repository.js';
import { countryCode, sharedCountryDatabase } from '../../stats/country.js';
import { createTestApp, type TestApp, testDialect } from '../../test/helper.js';
import { seedTraffic } from '../../test/seed-traffic.js';
import { BROWSER_USER_AGENT, CRAWLER_USER_AGENTS } from '../../test/user-agents.js';

/**
 * Public addresses and their countries in the shipped database (checked with its reader): Uzbek,
 * Russian and American networks, IPv4 and IPv6.
 */
const UZBEK = '84.54.64.1';
const UZBEK_TOO = '185.139.136.1';
const RUSSIAN_IPV6 = '2a02:6b8::1';
const AMERICAN = '8.8.8.8';
const ADDRESSES = [UZBEK, UZBEK_TOO, RUSSIAN_IPV6, AMERICAN];

const browser = { 'user-agent': BROWSER_USER_AGENT };

/** An app logging as the server does at its default level, into `lines`. */
async function loggingApp(overrides: Partial<Config>): Promise<{ testApp: TestApp; lines: string[] }> {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, callback) {
      lines.push(...String(chunk).split('\n').filter(Boolean));
      callback();
    },
  });
  const testApp = await createTestApp(overrides, undefined, serverLogging({ level: 'info', format: 'json' }, stream));
  return { testApp, lines };
}

/** Records a new visitor's first visit; answers the country stored for it. */
async function countryOfNewVisit(testApp: TestApp, headers: Record<string, string>, remoteAddress?: string) {
  const response = await testApp.app.inject({
    url: '/api/v1/visitor/create/web?path=/',
    headers: { ...browser, ...headers },
    ...(remoteAddress ? { remoteAddress } : {}),
  });
  expect(response.statusCode).toBe(200);
  const { token } = response.json().data;
  const visitorId = await findVisitorIdByToken(testApp.db, token);
  const row = await testApp.db
    .selectFrom('visits')
    .select('country')
    .where('visitor_id', '=', visitorId ?? '')
    .executeTakeFirstOrThrow();
  return { country: row.country, token };
}

/** Every row of every table, as text: where an address would show if any were stored. */
async function everyRowAsText(db: Db): Promise<string> {
  const { rows: current } = await sql<{ schema: string | null }>`select ${
    testDialect === 'postgres' ? sql`current_schema()` : sql`null`
  } as schema`.execute(db);
  const schema = current[0]?.schema ?? undefined;
  // On PostgreSQL, this test's own schema: others belong to tests running beside it.
  const tables = (await db.introspection.getTables()).filter((table) => table.schema === schema);
  expect(tables.length).toBeGreaterThan(10);
  const texts: string[] = [];
  for (const table of tables) {
    const rows = await db.selectFrom(sql.table(table.name).as('t')).selectAll().execute();
    texts.push(JSON.stringify(rows));
  }
  return texts.join('\n');
}

/** The SQLite database's file and its write-ahead log, as bytes read as Latin-1 text. */
async function sqliteFileText(db: Db): Promise<string> {
  await sql`pragma wal_checkpoint(truncate)`.execute(db);
  const { rows } = await sql<{ file: string }>`select file from pragma_database_list where name = 'main'`.execute(db);
  const file = rows[0]?.file ?? '';
  expect(file).not.toBe('');
  const parts = [readFileSync(file)];
  try {
    parts.push(readFileSync(`${file}-wal`));
  } catch {
    // No log left after the checkpoint.
  }
  return Buffer.concat(parts).toString('latin1');
}

describe('the country database', () => {
  it('gives the country of public addresses, IPv4 and IPv6, also mapped, bracketed or with a port', async () => {
    const database = await sharedCountryDatabase();
    expect(database.countryOf(UZBEK)).toBe('UZ');
    expect(database.countryOf(UZBEK_TOO)).toBe('UZ');
    expect(database.countryOf(`::ffff:${UZBEK}`)).toBe('UZ');
    expect(database.countryOf(`${UZBEK}:4431`)).toBe('UZ');
    expect(database.countryOf(RUSSIAN_IPV6)).toBe('RU');
    expect(database.countryOf(`[${RUSSIAN_IPV6}]:443`)).toBe('RU');
    expect(database.countryOf(AMERICAN)).toBe('US');
  });

  it('answers unknown for private, loopback, reserved and malformed addresses, and never throws', async () => {
    const database = await sharedCountryDatabase();
    // The database itself places 192.168.1.1 in Australia; a private address names no place.
    for (const address of [
      '127.0.0.1',
      '10.1.2.3',
      '192.168.1.1',
      '172.20.0.5',
      '100.64.1.1',
      '169.254.0.1',
      '::1',
      'fe80::1%eth0',
      'fd12:3456::1',
      '2001:db8::1',
      '',
      ' ',
      'garbage',
      '999.1.1.1',
      '1.2.3',
      `${UZBEK}, ${AMERICAN}`,
      'x'.repeat(10_000),
    ]) {
      expect(database.countryOf(address), address).toBeNull();
    }
    expect(database.countryOf(undefined)).toBeNull();
  });

  it('stores a code as two upper-case letters of a known region; anything else is unknown', () => {
    expect(countryCode('uz')).toBe('UZ');
    expect(countryCode(' Kz ')).toBe('KZ');
    for (const value of [
      '',
      'XX',
      'ZZ',
      'T1',
      'A1',
      'UZB',
      'Narnia',
      'U',
      'AA',
      '🇺🇿',
      '\u0000U',
      42,
      undefined,
      null,
    ]) {
      expect(countryCode(value), String(value)).toBeNull();
    }
  });
});

describe(`countries of visits, without keeping addresses, on ${testDialect}`, () => {
  const apps: { testApp: TestApp; lines: string[] }[] = [];
  let behindCloudflare: TestApp;
  let behindProxy: TestApp;
  let direct: TestApp;

  beforeAll(async () => {
    apps.push(await loggingApp({ trustProxy: true, countryHeader: 'cf-ipcountry' }));
    apps.push(await loggingApp({ trustProxy: 1 }));
    apps.push(await loggingApp({ trustProxy: false }));
    [behindCloudflare, behindProxy, direct] = apps.map(({ testApp }) => testApp) as [TestApp, TestApp, TestApp];
  });
  afterAll(async () => {
    for (const { testApp } of apps) await testApp.close();
  });

  it('takes the country from a trusted proxy’s header, upper case, and unknown for garbage', async () => {
    const via = (country: string) => ({ 'x-forwarded-for': AMERICAN, 'cf-ipcountry': country });
    expect((await countryOfNewVisit(behindCloudflare, via('uz'))).country).toBe('UZ');
    expect((await countryOfNewVisit(behindCloudflare, via(' KZ '))).country).toBe('KZ');
    // The header wins over the address (no lookup is made): Cloudflare knows better.
    expect((await countryOfNewVisit(behindCloudflare, via('RU'))).country).toBe('RU');
    for (const garbage of ['XX', 'T1', 'Narnia', '', 'U Z']) {
      expect((await countryOfNewVisit(behindCloudflare, via(garbage))).country, garbage).toBeNull();
    }
  });

  it('records the country of a later visit too', async () => {
    const { token } = await countryOfNewVisit(behindCloudflare, { 'x-forwarded-for': UZBEK, 'cf-ipcountry': 'UZ' });
    const response = await behindCloudflare.app.inject({
      method: 'POST',
      url: '/api/v1/visitor/visit/web',
      headers: { ...browser, 'x-visitor-key': token, 'x-forwarded-for': UZBEK, 'cf-ipcountry': 'TR' },
      payload: { path: '/about' },
    });
    expect(response.json()).toMatchObject({ data: { recorded: true } });
    const visit = await behindCloudflare.db
      .selectFrom('visits')
      .select('country')
      .where('path', '=', '/about')
      .executeTakeFirstOrThrow();
    expect(visit.country).toBe('TR');
  });

  it('believes the header only from a request that came through the proxy', async () => {
    // No X-Forwarded-For: the request did not come through a proxy; the socket's address is looked up.
    expect((await countryOfNewVisit(behindCloudflare, { 'cf-ipcountry': 'UZ' }, AMERICAN)).country).toBe('US');
  });

  it('without a country header, looks up the forwarded address in the offline database', async () => {
    const header = (address: string) => ({ 'x-forwarded-for': address, 'cf-ipcountry': 'TR' });
    expect((await countryOfNewVisit(behindProxy, header(UZBEK))).country).toBe('UZ');
    expect((await countryOfNewVisit(behindProxy, header(UZBEK_TOO))).country).toBe('UZ');
    expect((await countryOfNewVisit(behindProxy, header(RUSSIAN_IPV6))).country).toBe('RU');
    expect((await countryOfNewVisit(behindProxy, header(AMERICAN))).country).toBe('US');
    // Private, loopback and forged addresses name no country.
    for (const address of ['192.168.1.1', '10.0.0.7', '127.0.0.1', '::1', 'not-an-address']) {
      expect((await countryOfNewVisit(behindProxy, header(address))).country, address).toBeNull();
    }
  });

  it('without TRUST_PROXY, ignores both headers and looks up the client’s own address', async () => {
    const forged = { 'x-forwarded-for': AMERICAN, 'cf-ipcountry': 'TR' };
    expect((await countryOfNewVisit(direct, forged, UZBEK)).country).toBe('UZ');
    expect((await countryOfNewVisit(direct, forged)).country).toBeNull(); // 127.0.0.1
  });

  it('looks nothing up and stores nothing for crawlers', async () => {
    const before = await direct.db
      .selectFrom('visits')
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .executeTakeFirstOrThrow();
    const response = await direct.app.inject({
      url: '/api/v1/visitor/create/web',
      headers: { 'user-agent': CRAWLER_USER_AGENTS[0] ?? 'Googlebot' },
      remoteAddress: UZBEK,
    });
    expect(response.statusCode).toBe(200);
    const after = await direct.db
      .selectFrom('visits')
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .executeTakeFirstOrThrow();
    expect(Number(after.count)).toBe(Number(before.count));
  });

  it('the owner’s statistics list the countries', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const stats = await queryStats(behindProxy.db, { from: today, to: today });
    expect(stats.countries).toEqual([
      { value: null, visits: 5 },
      { value: 'UZ', visits: 2 },
      { value: 'RU', visits: 1 },
      { value: 'US', visits: 1 },
    ]);
  });

  it('keeps no address anywhere: not in the database, not in the logs', async () => {
    for (const { testApp, lines } of apps) {
      // The request lines were logged, so the logs were captured.
      expect(lines.some((line) => line.includes('"incoming request"'))).toBe(true);
      const logs = lines.join('\n');
      const rows = await everyRowAsText(testApp.db);
      expect(rows).toContain('visit'); // the rows were read
      const file = testDialect === 'sqlite' ? await sqliteFileText(testApp.db) : '';
      for (const address of ADDRESSES) {
        expect(logs).not.toContain(address);
        expect(rows).not.toContain(address);
        expect(file).not.toContain(address);
      }
      // The rate limits count clients by a keyed hash, never by address.
      const limits = await testApp.db.selectFrom('rate_limits').select('key').execute();
      expect(limits.length).toBeGreaterThan(0);
    }
  });
});

describe(`countries outlive their raw visits, on ${testDialect}`, () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp();
  });
  afterAll(async () => testApp?.close());

  it('are rolled up with each day and still counted after the visits are deleted', async () => {
    // The housekeeping the app ran at start is over before the traffic arrives.
    await testApp.app.jobs.run('statistics-housekeeping');
    await seedTraffic(testApp.db, [
      { visitor: 'a', at: '2026-01-05T10:00:00Z', country: 'UZ' },
      { visitor: 'a', at: '2026-01-06T10:00:00Z', country: 'UZ' },
      { visitor: 'b', at: '2026-01-06T11:00:00Z', country: 'KZ' },
      { visitor: 'c', at: '2026-01-06T12:00:00Z' },
    ]);
    const now = new Date('2026-11-26T12:00:00Z');
    const result = await maintainStatistics(testApp.db, { retentionMonths: 1, now });
    expect(result.deletedVisits).toBe(4);
    const stats = await queryStats(testApp.db, { from: '2026-01-01', to: '2026-01-31' }, now);
    expect(stats.detailedSince).toBeNull();
    expect(stats.countries).toEqual([
      { value: 'UZ', visits: 2 },
      { value: null, visits: 1 },
      { value: 'KZ', visits: 1 },
    ]);
  });
});
