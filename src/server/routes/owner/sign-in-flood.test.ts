import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../auth/password.js';
import { setPasswordHash } from '../../repositories/owner-repository.js';
import { createTestApp, SAME_ORIGIN, type TestApp, testDialect } from '../../test/helper.js';
import { jsonLinesInto } from '../../test/log-lines.js';
import { deviceCookieOf } from '../../test/set-cookie.js';

const PASSWORD = 'correct horse battery staple';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface LogLine {
  level: number;
  msg: string;
  address?: string;
  refused?: number;
}

/**
 * A flood of sign-in attempts with the real password cost (scrypt N=2^17, 128 MiB, about 0.45 s
 * each) from many addresses, as a botnet sends them: a visitor's picture must still come while they
 * are checked, and the owner's right password must still get in. (How long that picture takes during
 * such a burst is measured by `npm run bench:pictures`, not here: timings belong to benchmarks.)
 */
describe(`a flood of sign-in attempts, on ${testDialect}`, () => {
  let testApp: TestApp;
  const logs: LogLine[] = [];
  beforeAll(async () => {
    testApp = await createTestApp({}, undefined, { logger: { level: 'warn', stream: jsonLinesInto(logs) } });
    await setPasswordHash(testApp.db, await hashPassword(PASSWORD));
    await testApp.app.listen({ port: 0, host: '127.0.0.1' });
  }, 30_000);
  afterAll(async () => testApp.close());

  const signIn = (password: string, remoteAddress: string, cookie?: string) =>
    testApp.app.inject({
      method: 'POST',
      url: '/api/v1/owner/session',
      payload: { password },
      remoteAddress,
      headers: { ...SAME_ORIGIN, ...(cookie ? { cookie } : {}) },
    });

  /**
   * Bots guessing until `stop()`: each keeps one request open at a time (a 429 slows it down only a
   * little, as a bot that ignores Retry-After), from the address `addressOf` gives its n-th guess.
   */
  function flood(bots: number, addressOf: (bot: number, guess: number) => string) {
    let flooding = true;
    const statuses: number[] = [];
    const running = Array.from({ length: bots }, async (_, bot) => {
      for (let guess = 0; flooding; guess++) {
        const answer = await signIn(`guess ${bot}-${guess}`, addressOf(bot, guess));
        statuses.push(answer.statusCode);
        if (answer.statusCode === 429) await sleep(50);
      }
    });
    return {
      statuses,
      stop: async () => {
        flooding = false;
        await Promise.all(running);
      },
    };
  }

  /** The owner's tries, each after waiting as long as the last answer's Retry-After asked (at most 3 s). */
  async function ownerTries(remoteAddress: string, cookie?: string): Promise<number[]> {
    const statuses: number[] = [];
    while (statuses.length < 3) {
      const answer = await signIn(PASSWORD, remoteAddress, cookie);
      statuses.push(answer.statusCode);
      if (answer.statusCode !== 429) break;
      await sleep(Math.min(3, Number(answer.headers['retry-after'] ?? 1)) * 1000);
    }
    return statuses;
  }

  it('answers a picture while 80 sign-ins that arrived at once are still being checked, refusing the excess with 429', async () => {
    const address = testApp.app.server.address();
    const origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    let unanswered = 80;
    const burst = Array.from({ length: unanswered }, async (_, index) => {
      const answer = await signIn(`guess number ${index}`, `198.51.100.${index + 1}`);
      unanswered--;
      return answer;
    });
    // Let the burst reach the password checks first.
    await sleep(50);
    const picture = await fetch(`${origin}/media/owner.svg`);
    expect(picture.status).toBe(200);
    await picture.arrayBuffer();
    // Without the cap the picture waits behind the pool's queue of verifications and the burst takes
    // over a minute (this test times out); with it, two checks run and a short queue waits (about
    // 2.5 s at most), and the picture comes while they still do.
    expect(unanswered).toBeGreaterThan(0);
    const statuses = (await Promise.all(burst)).map((answer) => answer.statusCode);
    // The rest is refused at once.
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(60);
    expect(statuses.every((status) => status === 401 || status === 429)).toBe(true);
  }, 60_000);

  it('lets the owner in within three tries while 40 IPv6 /64 networks guess, and logs each network once', async () => {
    // A cheaper hash (16 MiB) than the real one: this is about who gets the checks, and a machine
    // busy with other tests must not make one check outlast the queue's longest wait.
    await setPasswordHash(testApp.db, await hashPassword(PASSWORD, { logN: 14, r: 8, p: 1 }));
    logs.length = 0;
    const bots = flood(40, (bot, guess) => `2001:db8:40:${bot.toString(16)}::${(guess + 1).toString(16)}`);
    await sleep(300);
    const owner = await ownerTries('2001:db8:ffff:1::1');
    await bots.stop();
    expect(owner.at(-1), `the owner's tries: ${owner.join(', ')}`).toBe(200);
    expect(bots.statuses.length).toBeGreaterThan(40);

    // Every warning names the network it is about, in the form the fail2ban filter reads; a
    // refused network is named once a minute with how many were refused, not once per request.
    const warnings = logs.filter((line) => line.level === 40);
    expect(warnings.length).toBeGreaterThan(0);
    // (The owner's own network too, if one of their tries was refused.)
    for (const line of warnings) {
      expect(line.address, JSON.stringify(line)).toMatch(/^2001:db8:(?:40:[0-9a-f]+|ffff:1)::\/64$/);
    }
    const refusals = warnings.filter((line) => line.msg.startsWith('owner sign-in refused'));
    const refusedNetworks = refusals.map((line) => line.address);
    expect(new Set(refusedNetworks).size).toBe(refusedNetworks.length);
    expect(refusals.every((line) => Number(line.refused) >= 1)).toBe(true);
    // At most five wrong passwords per network (its lockout) and one refusal line: bounded by the
    // number of networks, however many requests the bots sent.
    expect(warnings.length).toBeLessThanOrEqual(41 * 6);
  }, 60_000);

  it('lets a browser the owner signed in from before in at the first try while every guess comes from a new /64', async () => {
    const first = await signIn(PASSWORD, '2001:db8:fffe:1::1');
    expect(first.statusCode).toBe(200);
    const device = deviceCookieOf(first.headers['set-cookie']);
    expect(device).toBeDefined();
    // Each guess from a network never seen before: counting by network cannot tell them from the owner.
    const bots = flood(40, (bot, guess) => `2001:db8:${(bot + 256).toString(16)}:${guess.toString(16)}::1`);
    await sleep(300);
    const owner = await ownerTries('2001:db8:fffd:1::1', device);
    await bots.stop();
    expect(owner, `the owner's tries: ${owner.join(', ')}`).toEqual([200]);
  }, 60_000);
});
