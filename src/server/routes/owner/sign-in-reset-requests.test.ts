import { randomBytes } from 'node:crypto';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { NotificationKind } from '../../../shared/schemas/owner.js';
import { hashPassword } from '../../auth/password.js';
import { clientAddressKey } from '../../rate-limit/client-address.js';
import { setPasswordHash } from '../../repositories/owner-repository.js';
import { createTestApp, SAME_ORIGIN, type TestApp, testDialect } from '../../test/helper.js';
import { standInSettings } from '../../test/notification-stand-ins.js';
import { deviceCookieOf } from '../../test/set-cookie.js';
import { headerOf, startTestSmtp, type TestSmtp } from '../../test/smtp.js';

const PASSWORD = 'correct horse battery staple';

/** A raw e-mail's text with quoted-printable soft breaks and `=3D` undone. */
function decodedMail(raw: string): string {
  return raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
}

/** How a limit counts an address: IPv4 as it is, IPv6 by its /64. */
const sourceOf = (ip: string) => clientAddressKey({ ip } as Parameters<typeof clientAddressKey>[0]);

/**
 * Reset links from strangers (issue 25, defect 7): four addresses could send the owner ten e-mails
 * an hour and then every request, the owner's own included, was refused.
 */
describe(`asking for reset links, on ${testDialect}`, () => {
  let smtp: TestSmtp;
  let testApp: TestApp;
  beforeAll(async () => {
    smtp = await startTestSmtp();
  });
  afterAll(async () => smtp.stop());
  beforeEach(async () => {
    smtp.messages.length = 0;
    testApp = await createTestApp({
      notifications: standInSettings({ smtp }),
      siteOrigin: 'https://sahifa.example',
    });
    await setPasswordHash(testApp.db, await hashPassword(PASSWORD, { logN: 10, r: 8, p: 1 }));
  });
  afterEach(async () => testApp.close());

  const askForLink = (remoteAddress: string, cookie?: string) =>
    testApp.app.inject({
      method: 'POST',
      url: '/api/v1/owner/password-reset',
      payload: {},
      remoteAddress,
      headers: { ...SAME_ORIGIN, ...(cookie ? { cookie } : {}) },
    });

  const jobsOf = async (kind: string) =>
    testApp.db
      .selectFrom('notification_jobs')
      .selectAll()
      .where('kind', '=', kind as NotificationKind)
      .execute();

  it('limits each source, then sends the owner one summary of the refused requests instead of more links', async () => {
    // One source: three links an hour.
    for (let request = 0; request < 3; request++) expect((await askForLink('198.51.100.10')).statusCode).toBe(200);
    const limited = await askForLink('198.51.100.10');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe('rate_limited');

    // Many sources at once: two more links reach the site's ceiling of five, the rest are refused.
    const strangers = [
      ...Array.from({ length: 7 }, (_, index) => `198.51.100.${20 + index}`),
      '2001:db8:5:6::a',
      '2001:db8:5:6::b',
    ];
    const answers = await Promise.all(strangers.map((address) => askForLink(address)));
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(2);
    expect(statuses.filter((status) => status === 429)).toHaveLength(7);
    for (const answer of answers.filter((each) => each.statusCode === 429)) {
      expect(Number(answer.headers['retry-after'])).toBeGreaterThan(55 * 60);
    }
    const refused = strangers.filter((_, index) => statuses[index] === 429);
    // Later refusals join the same summary.
    expect((await askForLink('203.0.113.99')).statusCode).toBe(429);
    refused.push('203.0.113.99');

    expect(await jobsOf('password_reset')).toHaveLength(5);
    const summaries = await jobsOf('password_reset_refused');
    expect(summaries).toHaveLength(1);
    // Sent when the hour is over, so it can say how many were refused in it.
    expect(Date.parse(summaries[0]?.next_attempt_at ?? '') - Date.now()).toBeGreaterThan(55 * 60_000);

    await testApp.app.outbox.runOnce();
    expect(smtp.messages).toHaveLength(5);
    await testApp.db
      .updateTable('notification_jobs')
      .set({ next_attempt_at: new Date().toISOString() })
      .where('kind', '=', 'password_reset_refused')
      .execute();
    await testApp.app.outbox.runOnce();
    expect(smtp.messages).toHaveLength(6);
    const summary = decodedMail(smtp.messages[5] ?? '');
    expect(headerOf(summary, 'subject')).toContain('8');
    expect(summary).not.toMatch(/owner\/reset#/);
    for (const source of new Set(refused.map(sourceOf))) expect(summary).toContain(String(source));
    // The source over its own limit was refused for that, not for the ceiling.
    expect(summary).not.toContain('198.51.100.10');
    expect(await jobsOf('password_reset_refused')).toHaveLength(1);
  });

  it('never refuses a browser the owner has signed in from before, also past the ceiling and from a limited source', async () => {
    const signedIn = await testApp.app.inject({
      method: 'POST',
      url: '/api/v1/owner/session',
      payload: { password: PASSWORD },
      remoteAddress: '192.0.2.1',
      headers: SAME_ORIGIN,
    });
    expect(signedIn.statusCode).toBe(200);
    const device = deviceCookieOf(signedIn.headers['set-cookie']);
    expect(device).toBeDefined();

    for (let index = 0; index < 12; index++) await askForLink(`198.51.100.${40 + (index % 4)}`);
    expect((await askForLink('198.51.100.40')).statusCode).toBe(429);
    expect((await askForLink('198.51.100.77')).statusCode).toBe(429);
    const before = (await jobsOf('password_reset')).length;

    const owner = await askForLink('198.51.100.40', device);
    expect(owner.statusCode, owner.body).toBe(200);
    expect(await jobsOf('password_reset')).toHaveLength(before + 1);
    // A made-up device cookie is anyone's.
    const forged = await askForLink('198.51.100.78', `sahifa_device=${randomBytes(32).toString('base64url')}`);
    expect(forged.statusCode).toBe(429);
  });
});

describe(`a truncated reset link, on ${testDialect}`, () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp();
    await setPasswordHash(testApp.db, await hashPassword(PASSWORD, { logN: 10, r: 8, p: 1 }));
  });
  afterAll(async () => testApp.close());

  const confirm = (payload: object) =>
    testApp.app.inject({
      method: 'POST',
      url: '/api/v1/owner/password-reset/confirm',
      payload,
      headers: SAME_ORIGIN,
    });

  it('is called broken before the new password is looked at', async () => {
    const whole = randomBytes(32).toString('base64url');
    for (const payload of [
      { token: whole.slice(0, 20), password: 'short' },
      { token: whole.slice(0, 42), password: 'a long enough new password' },
      { token: `${whole})`, password: 'a long enough new password' },
      { token: '', password: 'short' },
      { password: 'a long enough new password' },
      { token: 42, password: 'short' },
    ]) {
      const answer = await confirm(payload);
      expect(answer.statusCode, JSON.stringify(payload)).toBe(400);
      expect(answer.json().code, JSON.stringify(payload)).toBe('broken_reset_link');
    }
    // A whole link: the password is checked, then whether the link is still live.
    expect((await confirm({ token: whole, password: 'short' })).json().code).toBe('validation_failed');
    expect((await confirm({ token: whole, password: 'a long enough new password' })).json().code).toBe(
      'invalid_reset_link',
    );
  });
});
