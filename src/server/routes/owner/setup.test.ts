import { createHash } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from '../../auth/password.js';
import { getPasswordHash, setPasswordHash } from '../../repositories/owner-repository.js';
import { replaceOwnerSetupToken } from '../../repositories/owner-setup-repository.js';
import { createTestApp, SAME_ORIGIN, type TestApp, testDialect } from '../../test/helper.js';

const PASSWORD = 'a long first passphrase';

describe(`setting the owner's first password with the set-up link, on ${testDialect}`, () => {
  let testApp: TestApp;
  beforeEach(async () => {
    testApp = await createTestApp();
  });
  afterEach(async () => testApp.close());

  const setUp = (payload: unknown, headers: Record<string, string> = SAME_ORIGIN) =>
    testApp.app.inject({ method: 'POST', url: '/api/v1/owner/setup', headers, payload: payload as object });

  async function newToken(now = new Date()): Promise<string> {
    const token = await replaceOwnerSetupToken(testApp.db, now);
    if (!token) throw new Error('no token was made');
    return token;
  }

  it('sets the password once, signs the owner in with a session cookie, and the link is used up', async () => {
    const token = await newToken();
    const answer = await setUp({ token, password: PASSWORD });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().data.session.current).toBe(true);

    const stored = await getPasswordHash(testApp.db);
    expect(stored && (await verifyPassword(PASSWORD, stored))).toBe(true);

    const cookie = String(answer.headers['set-cookie']).split(';')[0] ?? '';
    expect(cookie).toMatch(/^(__Host-)?sahifa_session=.+/);
    const session = await testApp.app.inject({ method: 'GET', url: '/api/v1/owner/session', headers: { cookie } });
    expect(session.statusCode).toBe(200);

    const again = await setUp({ token, password: 'another long passphrase' });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('owner_password_set');
    expect(await verifyPassword(PASSWORD, (await getPasswordHash(testApp.db)) ?? '')).toBe(true);
  });

  it('keeps only a SHA-256 hash of the token, one token at a time', async () => {
    const first = await newToken();
    const token = await newToken();
    const rows = await testApp.db.selectFrom('owner_setup_tokens').selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]?.token_hash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(rows)).not.toContain(token);
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    // The earlier start's link was replaced.
    expect((await setUp({ token: first, password: PASSWORD })).json().code).toBe('invalid_setup_link');
  });

  it('makes no token and refuses every link once a password exists', async () => {
    const token = await newToken();
    await setPasswordHash(testApp.db, await hashPassword('set from the terminal', { logN: 10, r: 8, p: 1 }));
    expect(await replaceOwnerSetupToken(testApp.db)).toBeUndefined();
    const answer = await setUp({ token, password: PASSWORD });
    expect(answer.statusCode).toBe(409);
    expect(answer.json().code).toBe('owner_password_set');
    expect(answer.headers['set-cookie']).toBeUndefined();
  });

  it('refuses an expired link (24 hours) and a wrong one', async () => {
    const expired = await newToken(new Date(Date.now() - 24 * 60 * 60_000 - 1000));
    const answer = await setUp({ token: expired, password: PASSWORD });
    expect(answer.statusCode).toBe(400);
    expect(answer.json().code).toBe('invalid_setup_link');

    await newToken();
    const wrong = await setUp({ token: 'A'.repeat(43), password: PASSWORD });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().code).toBe('invalid_setup_link');
    expect(await getPasswordHash(testApp.db)).toBeUndefined();
  });

  it('says a link cut short is broken before judging the password, and a short password is too short', async () => {
    const token = await newToken();
    const cut = await setUp({ token: token.slice(0, 20), password: 'short' });
    expect(cut.statusCode).toBe(400);
    expect(cut.json().code).toBe('invalid_setup_link');
    const short = await setUp({ token, password: 'eleven char' });
    expect(short.statusCode).toBe(400);
    expect(short.json().code).toBe('validation_failed');
    expect(await getPasswordHash(testApp.db)).toBeUndefined();
  });

  it('refuses a request from another site', async () => {
    const token = await newToken();
    const answer = await setUp({ token, password: PASSWORD }, { 'sec-fetch-site': 'cross-site' });
    expect(answer.statusCode).toBe(403);
    expect(await getPasswordHash(testApp.db)).toBeUndefined();
    // The link still works from the site itself.
    expect((await setUp({ token, password: PASSWORD })).statusCode).toBe(200);
  });

  it('is rate limited per address', async () => {
    await newToken();
    const answers = [];
    for (let attempt = 0; attempt < 11; attempt++) {
      answers.push((await setUp({ token: 'B'.repeat(43), password: PASSWORD })).statusCode);
    }
    expect(answers.slice(0, 10).every((status) => status === 400)).toBe(true);
    expect(answers[10]).toBe(429);
  });
});
