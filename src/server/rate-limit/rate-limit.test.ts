import type { FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createTestDatabase, type TestApp, type TestDatabase, testDialect } from '../test/helper.js';
import { clientAddressKey } from './client-address.js';
import { deleteExpiredRateLimits, hitRateLimit } from './rate-limit-store.js';

describe(`rate-limit counters in the database, on ${testDialect}`, () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => database.drop());

  it('counts concurrent hits exactly: 40 at once are numbered 1 to 40', async () => {
    const hits = await Promise.all(
      Array.from({ length: 40 }, () => hitRateLimit(database.db, 'test:concurrent', 60_000)),
    );
    expect(hits.map((hit) => hit.points).sort((a, b) => a - b)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
  });

  it('counts within a window and starts again at one once it has passed', async () => {
    const start = new Date('2026-11-22T10:00:00.000Z');
    const at = (seconds: number) => new Date(start.getTime() + seconds * 1000);
    expect(await hitRateLimit(database.db, 'test:window', 60_000, start)).toEqual({
      points: 1,
      resetAt: at(60),
    });
    expect((await hitRateLimit(database.db, 'test:window', 60_000, at(30))).points).toBe(2);
    // The window keeps its end; a hit does not push it further.
    expect(await hitRateLimit(database.db, 'test:window', 60_000, at(59))).toEqual({ points: 3, resetAt: at(60) });
    expect(await hitRateLimit(database.db, 'test:window', 60_000, at(60))).toEqual({ points: 1, resetAt: at(120) });
    // Other keys are counted apart.
    expect((await hitRateLimit(database.db, 'other:window', 60_000, at(61))).points).toBe(1);
  });

  it('deletes only the counters whose window has ended', async () => {
    const now = new Date('2026-11-22T12:00:00.000Z');
    await hitRateLimit(database.db, 'test:old', 1_000, new Date(now.getTime() - 5_000));
    await hitRateLimit(database.db, 'test:fresh', 60_000, now);
    await deleteExpiredRateLimits(database.db, now);
    const keys = (await database.db.selectFrom('rate_limits').select('key').execute()).map((row) => row.key);
    expect(keys).toContain('test:fresh');
    expect(keys).not.toContain('test:old');
  });
});

describe('the address a limit counts by', () => {
  const key = (ip: string | undefined) => clientAddressKey({ ip } as FastifyRequest);

  it('is the IPv4 address, also when it arrives IPv4-mapped', () => {
    expect(key('203.0.113.7')).toBe('203.0.113.7');
    expect(key('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(key('::ffff:cb00:7107')).toBe('203.0.113.7');
  });

  it('is the /64 network of an IPv6 address, however it is written', () => {
    expect(key('2001:db8:aa:bb::1')).toBe('2001:db8:aa:bb::/64');
    expect(key('2001:0db8:00aa:00bb:1234:5678:9abc:def0')).toBe('2001:db8:aa:bb::/64');
    expect(key('2001:DB8:AA:BB:ffff::')).toBe('2001:db8:aa:bb::/64');
    expect(key('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(key('::1')).toBe('0:0:0:0::/64');
    expect(key('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
  });

  it('is the text itself when a trusted proxy passed on something that is not an address', () => {
    expect(key('not an address')).toBe('not an address');
    expect(key('x'.repeat(500))).toBe('x'.repeat(100));
  });

  it('is undefined when there is no address (the client is gone), and never throws', () => {
    expect(key(undefined)).toBeUndefined();
    expect(key('')).toBeUndefined();
    const throwing = {
      get ip(): string {
        throw new Error('socket gone');
      },
    } as unknown as FastifyRequest;
    expect(clientAddressKey(throwing)).toBeUndefined();
  });
});

describe(`the limits on the API, on ${testDialect}`, () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp({ visitorRateLimit: 3, contactRateLimit: { max: 2, windowMinutes: 10 } });
  });
  afterAll(async () => testApp.close());

  const get = (url: string, remoteAddress: string) =>
    testApp.app.inject({ method: 'GET', url, remoteAddress, headers: { 'x-visitor-key': 'k'.repeat(43) } });

  it('limits visitor creation, and answers 429 rate_limited with Retry-After', async () => {
    for (let index = 0; index < 3; index++) {
      expect((await get('/api/v1/visitor/create/web', '198.51.100.1')).statusCode).toBe(200);
    }
    const limited = await get('/api/v1/visitor/create/web', '198.51.100.1');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ success: false, code: 'rate_limited' });
    const retryAfter = Number(limited.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect((await get('/api/v1/visitor/create/web', '198.51.100.2')).statusCode).toBe(200);
  });

  it('limits /visitor/check (four times the creation limit)', async () => {
    const statuses = [];
    for (let index = 0; index < 13; index++) {
      statuses.push((await get('/api/v1/visitor/check', '198.51.100.3')).statusCode);
    }
    expect(statuses.filter((status) => status === 200)).toHaveLength(12);
    expect(statuses.at(-1)).toBe(429);
  });

  it('counts one IPv6 /64 network as one client', async () => {
    expect((await get('/api/v1/visitor/create/web', '2001:db8:1:2::a')).statusCode).toBe(200);
    expect((await get('/api/v1/visitor/create/web', '2001:db8:1:2::b')).statusCode).toBe(200);
    expect((await get('/api/v1/visitor/create/web', '2001:db8:1:2::c')).statusCode).toBe(200);
    expect((await get('/api/v1/visitor/create/web', '2001:db8:1:2::d')).statusCode).toBe(429);
  });

  it('does not count a contact message refused as invalid', async () => {
    const send = (payload: unknown) =>
      testApp.app.inject({
        method: 'POST',
        url: '/api/v1/contact',
        payload: payload as object,
        remoteAddress: '198.51.100.9',
      });
    for (let index = 0; index < 5; index++) expect((await send({ name: 'x' })).statusCode).toBe(400);
    const valid = { name: 'Laylo', email: 'laylo@example.uz', message: 'Salom, hammasi joyida.' };
    expect((await send(valid)).statusCode).toBe(201);
    expect((await send(valid)).statusCode).toBe(201);
    expect((await send(valid)).statusCode).toBe(429);
  });
});
