import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../auth/session-cookie.js';
import { createTestApp, type TestApp, testDialect } from '../test/helper.js';
import { createSession, findSession, listSessions, setPasswordHash } from './owner-repository.js';

const DAY_MS = 24 * 60 * 60_000;

describe(`an owner session ends after 30 days, or after 7 days without use, on ${testDialect}`, () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp();
    // Never verified here: the session answer only needs a password to be set.
    await setPasswordHash(testApp.db, 'scrypt$not-a-real-hash');
  });
  afterAll(async () => testApp.close());

  const sessionAnswer = (token: string) =>
    testApp.app.inject({ url: '/api/v1/owner/session', cookies: { [SESSION_COOKIE]: token } });

  it('keeps a session used 6 days ago and refuses one last used 8 days ago, though neither reached 30 days', async () => {
    const now = Date.now();
    const recent = await createSession(testApp.db, 'Firefox on Linux', new Date(now - 6 * DAY_MS));
    const idle = await createSession(testApp.db, 'Safari on macOS', new Date(now - 8 * DAY_MS));

    expect((await sessionAnswer(recent.token)).statusCode).toBe(200);
    expect((await sessionAnswer(idle.token)).statusCode).toBe(401);
    expect((await listSessions(testApp.db)).map((session) => session.id)).not.toContain(idle.session.id);
  });

  it('counts the idle days from the last use, so a session in use lives on until its 30 days', async () => {
    const signedIn = new Date(Date.now() - 20 * DAY_MS);
    const { token } = await createSession(testApp.db, 'Chrome on Android', signedIn);
    // Used every few days: each use moves its last-seen time.
    for (const day of [5, 10, 15]) {
      expect(await findSession(testApp.db, token, new Date(signedIn.getTime() + day * DAY_MS))).toBeDefined();
    }
    expect((await sessionAnswer(token)).statusCode).toBe(200);
    expect(await findSession(testApp.db, token, new Date(signedIn.getTime() + 30 * DAY_MS + 1))).toBeUndefined();
  });
});
