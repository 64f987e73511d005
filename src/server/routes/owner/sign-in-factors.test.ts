import { Secret, TOTP } from 'otpauth';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Locale } from '../../../shared/locales.js';
import { hashPassword } from '../../auth/password.js';
import { saveContactMessage } from '../../repositories/contact-repository.js';
import { setPasswordHash } from '../../repositories/owner-repository.js';
import { createTestApp, type TestApp, testDialect } from '../../test/helper.js';
import { notificationStandInsForBlock, standInSettings } from '../../test/notification-stand-ins.js';
import { deviceCookieOf } from '../../test/set-cookie.js';

const PASSWORD = 'correct horse battery staple';
const CHEAP = { logN: 10, r: 8, p: 1 };
const SAME_ORIGIN = { 'sec-fetch-site': 'same-origin' };
const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** The code an authenticator app shows for `secret`, `stepsAhead` 30-second steps from now. */
function appCode(secret: string, stepsAhead = 0): string {
  return new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: Date.now() + stepsAhead * 30_000 });
}

/** The cookies an answer sets, as one `Cookie` header. */
function cookiesOf(header: unknown): string {
  const headers = Array.isArray(header) ? header : header === undefined ? [] : [header];
  return headers.map((value) => String(value).split(';')[0]).join('; ');
}

/** A raw e-mail's text with quoted-printable soft breaks and `=3D` undone. */
function decodedMail(raw: string): string {
  return raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
}

describe(`the owner's sign-in factors, reset and notices, on ${testDialect}`, () => {
  const standIns = notificationStandInsForBlock();
  let testApp: TestApp;

  async function start(channels: Array<'email' | 'telegram'> = ['email', 'telegram'], locale?: Locale) {
    standIns.clear();
    testApp = await createTestApp({
      notifications: { ...standInSettings(standIns, channels), ...(locale ? { locale } : {}) },
      siteOrigin: 'https://sahifa.example',
    });
    await setPasswordHash(testApp.db, await hashPassword(PASSWORD, CHEAP));
  }
  beforeEach(async () => start());
  afterEach(async () => testApp.close());

  let nextAddress = 1;
  /** Each test talks from its own address, so the lockout of one does not reach another. */
  const address = () => `192.0.2.${nextAddress++}`;

  const call = (
    method: Method,
    url: string,
    {
      cookie,
      payload,
      remoteAddress,
      userAgent = FIREFOX,
    }: { cookie?: string; payload?: object; remoteAddress?: string; userAgent?: string } = {},
  ) =>
    testApp.app.inject({
      method,
      url: `/api/v1${url}`,
      payload,
      remoteAddress,
      headers: { ...(method === 'GET' ? {} : SAME_ORIGIN), ...(cookie ? { cookie } : {}), 'user-agent': userAgent },
    });

  async function signIn(body: object = { password: PASSWORD }, remoteAddress = address(), deviceCookie = '') {
    const response = await call('POST', '/owner/session', { payload: body, remoteAddress, cookie: deviceCookie });
    expect(response.statusCode, response.body).toBe(200);
    return cookiesOf(response.headers['set-cookie']);
  }

  /** Moves a session's last proof of identity back by `minutes`, as if that much time had passed. */
  async function age(minutes: number) {
    await testApp.db
      .updateTable('owner_sessions')
      .set({ authenticated_at: new Date(Date.now() - minutes * 60_000).toISOString() })
      .execute();
  }

  async function turnOnSecondFactor(cookie: string): Promise<{ secret: string; recoveryCodes: string[] }> {
    const setup = await call('POST', '/owner/second-factor/setup', { cookie });
    expect(setup.statusCode).toBe(200);
    const { secret, uri, qrCode } = setup.json().data;
    expect(uri).toMatch(/^otpauth:\/\/totp\/.*secret=/);
    expect(uri).toContain('sahifa.example');
    expect(qrCode).toMatch(/^<svg[\s\S]*<\/svg>$/);
    const confirmed = await call('POST', '/owner/second-factor', { cookie, payload: { code: appCode(secret) } });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    return { secret, recoveryCodes: confirmed.json().data.recoveryCodes };
  }

  it('turns on authenticator codes: a password alone no longer signs in, a code works once, a recovery code once', async () => {
    const cookie = await signIn();
    const setup = await call('POST', '/owner/second-factor/setup', { cookie });
    const { secret } = setup.json().data;
    // Not on until a right code proves the app has the secret.
    expect((await call('POST', '/owner/second-factor', { cookie, payload: { code: '000000' } })).json().code).toBe(
      'wrong_code',
    );
    expect(await signIn()).toContain('sahifa_session=');
    const confirmed = await call('POST', '/owner/second-factor', { cookie, payload: { code: appCode(secret) } });
    const { recoveryCodes } = confirmed.json().data as { recoveryCodes: string[] };
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const code of recoveryCodes) expect(code).toMatch(/^[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}$/);
    // Only hashes are stored.
    const stored = await testApp.db.selectFrom('owner_recovery_codes').select('code_hash').execute();
    expect(stored.map((row) => row.code_hash)).not.toContain(recoveryCodes[0]);

    const from = address();
    const passwordAlone = await call('POST', '/owner/session', {
      payload: { password: PASSWORD },
      remoteAddress: from,
    });
    expect(passwordAlone.statusCode).toBe(401);
    expect(passwordAlone.json().code).toBe('second_factor_required');
    // The code that turned it on was used: the same one is refused.
    const replayedSetupCode = await call('POST', '/owner/session', {
      payload: { password: PASSWORD, code: appCode(secret) },
      remoteAddress: from,
    });
    expect(replayedSetupCode.json().code).toBe('wrong_code');
    // A wrong password with a right code is still a wrong password.
    expect(
      (await call('POST', '/owner/session', { payload: { password: 'wrong one', code: appCode(secret, 1) } })).json()
        .code,
    ).toBe('wrong_password');
    const next = appCode(secret, 1);
    await signIn({ password: PASSWORD, code: next });
    const replayed = await call('POST', '/owner/session', { payload: { password: PASSWORD, code: next } });
    expect(replayed.statusCode).toBe(401);
    expect(replayed.json().code).toBe('wrong_code');

    const recovery = recoveryCodes[3] ?? '';
    await signIn({ password: PASSWORD, code: recovery.toUpperCase().replace(/-/g, ' ') });
    const again = await call('POST', '/owner/session', { payload: { password: PASSWORD, code: recovery } });
    expect(again.json().code).toBe('wrong_code');
    const overview = (await call('GET', '/owner/security', { cookie })).json().data;
    expect(overview.secondFactor).toEqual({ enabled: true, recoveryCodesLeft: 9 });
  });

  it('limits codes like passwords: five attempts from an address, then 429', async () => {
    const cookie = await signIn();
    const { secret } = await turnOnSecondFactor(cookie);
    const from = address();
    for (let attempt = 0; attempt < 5; attempt++) {
      const wrong = await call('POST', '/owner/session', {
        payload: { password: PASSWORD, code: '123456' },
        remoteAddress: from,
      });
      expect(wrong.json().code).toBe('wrong_code');
    }
    const locked = await call('POST', '/owner/session', {
      payload: { password: PASSWORD, code: appCode(secret, 1) },
      remoteAddress: from,
    });
    expect(locked.statusCode).toBe(429);
  });

  it('asks for a recent proof of identity before sensitive changes, and takes password with code', async () => {
    const cookie = await signIn();
    const { secret } = await turnOnSecondFactor(cookie);
    await saveContactMessage(testApp.db, { name: 'Aziz', email: 'aziz@example.uz', message: 'Salom, bir savol bor.' });
    await age(11);
    const overview = (await call('GET', '/owner/security', { cookie })).json().data;
    expect(overview.reauthenticatedUntil).toBeNull();
    for (const [method, url] of [
      ['DELETE', '/owner/second-factor'],
      ['POST', '/owner/recovery-codes'],
      ['POST', '/owner/passkeys/registration-options'],
      ['DELETE', '/owner/passkeys/7d1f8c8e-5a8a-4f5e-9a57-0a8f3c1d2e4b'],
      ['GET', '/owner/messages/export'],
    ] as const) {
      const response = await call(method, url, { cookie });
      expect(response.statusCode, `${method} ${url}`).toBe(403);
      expect(response.json().code, `${method} ${url}`).toBe('reauthentication_required');
    }
    const from = address();
    const withoutCode = await call('POST', '/owner/reauthenticate', {
      cookie,
      payload: { password: PASSWORD },
      remoteAddress: from,
    });
    expect(withoutCode.json().code).toBe('second_factor_required');
    const reauthenticated = await call('POST', '/owner/reauthenticate', {
      cookie,
      payload: { password: PASSWORD, code: appCode(secret, 1) },
      remoteAddress: from,
    });
    expect(reauthenticated.statusCode).toBe(200);
    const until = Date.parse(reauthenticated.json().data.reauthenticatedUntil);
    expect(until - Date.now()).toBeGreaterThan(9 * 60_000);
    expect(until - Date.now()).toBeLessThanOrEqual(10 * 60_000);
    expect((await call('GET', '/owner/messages/export', { cookie })).statusCode).toBe(200);
    const fresh = await call('POST', '/owner/recovery-codes', { cookie });
    expect(fresh.statusCode).toBe(200);
    expect(fresh.json().data.recoveryCodes).toHaveLength(10);
    expect((await call('DELETE', '/owner/second-factor', { cookie })).statusCode).toBe(200);
    expect(await signIn()).toContain('sahifa_session=');
  });

  it('changes the password with the current one, ending every other session', async () => {
    const cookie = await signIn();
    const other = await signIn();
    const wrong = await call('PUT', '/owner/password', {
      cookie,
      payload: { currentPassword: 'not the password', newPassword: 'a brand new passphrase' },
    });
    expect(wrong.json().code).toBe('wrong_password');
    const tooShort = await call('PUT', '/owner/password', {
      cookie,
      payload: { currentPassword: PASSWORD, newPassword: 'short' },
    });
    expect(tooShort.statusCode).toBe(400);
    const changed = await call('PUT', '/owner/password', {
      cookie,
      payload: { currentPassword: PASSWORD, newPassword: 'a brand new passphrase' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await call('GET', '/owner/session', { cookie })).statusCode).toBe(200);
    expect((await call('GET', '/owner/session', { cookie: other })).statusCode).toBe(401);
    expect((await call('POST', '/owner/session', { payload: { password: PASSWORD } })).json().code).toBe(
      'wrong_password',
    );
    await signIn({ password: 'a brand new passphrase' });
  });

  it('resets the password through e-mail and Telegram: each link works once, ends every session, and expires', async () => {
    const cookie = await signIn();
    // The sign-in's own notice (a new device) goes first.
    await testApp.app.outbox.runOnce();
    standIns.clear();
    const asked = await call('POST', '/owner/password-reset', { payload: {} });
    expect(asked.statusCode).toBe(200);
    await testApp.app.outbox.runOnce();
    expect(standIns.smtp.messages).toHaveLength(1);
    expect(standIns.bot.calls).toHaveLength(1);
    const mailed = decodedMail(standIns.smtp.messages[0] ?? '').match(
      /https:\/\/sahifa\.example\/owner\/reset#([\w-]{43})/,
    );
    const messaged = String(standIns.bot.calls[0]?.text).match(/https:\/\/sahifa\.example\/owner\/reset#([\w-]{43})/);
    const mailToken = mailed?.[1] ?? '';
    const telegramToken = messaged?.[1] ?? '';
    expect(mailToken).toHaveLength(43);
    expect(telegramToken).toHaveLength(43);
    expect(mailToken).not.toBe(telegramToken);
    // No usable link is stored: not in the outbox, and the tokens only as hashes.
    const jobs = await testApp.db.selectFrom('notification_jobs').select('payload').execute();
    expect(JSON.stringify(jobs)).not.toContain(mailToken);
    const tokens = await testApp.db.selectFrom('password_reset_tokens').selectAll().execute();
    expect(tokens).toHaveLength(2);
    expect(JSON.stringify(tokens)).not.toContain(mailToken);
    for (const token of tokens) {
      expect(Date.parse(token.expires_at) - Date.now()).toBeGreaterThan(29 * 60_000);
      expect(Date.parse(token.expires_at) - Date.now()).toBeLessThanOrEqual(30 * 60_000);
    }

    const reset = await call('POST', '/owner/password-reset/confirm', {
      payload: { token: mailToken, password: 'a reset passphrase here' },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect((await call('GET', '/owner/session', { cookie })).statusCode).toBe(401);
    for (const token of [mailToken, telegramToken]) {
      const reused = await call('POST', '/owner/password-reset/confirm', {
        payload: { token, password: 'yet another passphrase' },
      });
      expect(reused.statusCode).toBe(400);
      expect(reused.json().code).toBe('invalid_reset_link');
    }

    await signIn({ password: 'a reset passphrase here' });
    await testApp.app.outbox.runOnce();

    // A link past its 30 minutes does nothing.
    await call('POST', '/owner/password-reset', { payload: {} });
    await testApp.app.outbox.runOnce();
    const late = String(standIns.bot.calls.at(-1)?.text).match(/reset#([\w-]{43})/)?.[1] ?? '';
    await testApp.db
      .updateTable('password_reset_tokens')
      .set({ expires_at: new Date(Date.now() - 1_000).toISOString() })
      .execute();
    const expired = await call('POST', '/owner/password-reset/confirm', {
      payload: { token: late, password: 'yet another passphrase' },
    });
    expect(expired.json().code).toBe('invalid_reset_link');
  });

  it('asks for the second factor during a reset, and answers a reset request the same with no channel', async () => {
    const cookie = await signIn();
    const { secret } = await turnOnSecondFactor(cookie);
    await call('POST', '/owner/password-reset', { payload: {} });
    await testApp.app.outbox.runOnce();
    const token = String(standIns.bot.calls.at(-1)?.text).match(/reset#([\w-]{43})/)?.[1] ?? '';
    const withoutCode = await call('POST', '/owner/password-reset/confirm', {
      payload: { token, password: 'a reset passphrase here' },
    });
    expect(withoutCode.json().code).toBe('second_factor_required');
    const withCode = await call('POST', '/owner/password-reset/confirm', {
      payload: { token, password: 'a reset passphrase here', code: appCode(secret, 1) },
    });
    expect(withCode.statusCode).toBe(200);
    // The second factor stays on after a reset.
    const passwordAlone = await call('POST', '/owner/session', { payload: { password: 'a reset passphrase here' } });
    expect(passwordAlone.json().code).toBe('second_factor_required');

    await testApp.close();
    await start([]);
    const silent = await call('POST', '/owner/password-reset', { payload: {} });
    expect(silent.statusCode).toBe(200);
    expect(silent.json()).toEqual(asked200());
    expect(await testApp.db.selectFrom('notification_jobs').select('id').execute()).toHaveLength(0);
  });

  it('limits reset requests: three an hour from one address', async () => {
    const from = address();
    for (let request = 0; request < 3; request++) {
      expect((await call('POST', '/owner/password-reset', { payload: {}, remoteAddress: from })).statusCode).toBe(200);
    }
    expect((await call('POST', '/owner/password-reset', { payload: {}, remoteAddress: from })).statusCode).toBe(429);
  });

  it('tells the owner of a sign-in from a device not seen before, with the device and a link to Settings', async () => {
    const first = await call('POST', '/owner/session', { payload: { password: PASSWORD }, remoteAddress: address() });
    const device = deviceCookieOf(first.headers['set-cookie']);
    expect(device).toBeDefined();
    await testApp.app.outbox.runOnce();
    expect(standIns.smtp.messages).toHaveLength(1);
    const mail = decodedMail(standIns.smtp.messages[0] ?? '');
    expect(mail).toContain('Firefox, Linux');
    expect(mail).toContain('https://sahifa.example/owner/settings');
    expect(String(standIns.bot.calls[0]?.text)).toContain('Firefox, Linux');
    // The same browser again: nothing new to tell.
    await signIn({ password: PASSWORD }, address(), device);
    await testApp.app.outbox.runOnce();
    expect(standIns.smtp.messages).toHaveLength(1);
  });

  it('names a browser it does not know in the language of the notices', async () => {
    // "Unknown browser" stood in English in every language's notice and settings.
    await testApp.close();
    await start(undefined, 'russian');
    const signedIn = await call('POST', '/owner/session', {
      payload: { password: PASSWORD },
      remoteAddress: address(),
      userAgent: 'SomeCrawler/2.1',
    });
    expect(signedIn.json().data.session.device).toBe('');
    await testApp.app.outbox.runOnce();
    // Cyrillic text goes in base64: the plain part is the first.
    const plain = /base64\r\n\r\n([A-Za-z0-9+/=\r\n]+)/.exec(standIns.smtp.messages[0] ?? '')?.[1] ?? '';
    expect(Buffer.from(plain, 'base64').toString()).toContain('которого раньше не было: неизвестный браузер,');
    expect(String(standIns.bot.calls[0]?.text)).toContain('которого раньше не было: неизвестный браузер,');
  });

  it('tells the owner once of 20 failed sign-ins in an hour, from anywhere', async () => {
    for (let attempt = 0; attempt < 25; attempt++) {
      await call('POST', '/owner/session', { payload: { password: `guess ${attempt}` }, remoteAddress: address() });
    }
    const alerts = await testApp.db
      .selectFrom('notification_jobs')
      .select('channel')
      .where('kind', '=', 'failed_sign_ins')
      .execute();
    expect(alerts.map((job) => job.channel).sort()).toEqual(['email', 'telegram']);
    await testApp.app.outbox.runOnce();
    expect(String(standIns.bot.calls[0]?.text)).toContain('20 wrong passwords or codes');
  });

  it('refuses a passkey answer it cannot verify with 400, and guards adding and removing passkeys', async () => {
    const options = await call('POST', '/owner/passkeys/authentication-options', { payload: {} });
    expect(options.statusCode).toBe(200);
    expect(options.json().data.options).toMatchObject({ rpId: 'sahifa.example', userVerification: 'required' });
    const bogus = {
      id: 'AAAA',
      rawId: 'AAAA',
      type: 'public-key',
      response: { clientDataJSON: 'e30', authenticatorData: 'AAAA', signature: 'AAAA' },
      clientExtensionResults: {},
    };
    const refused = await call('POST', '/owner/session/passkey', { payload: { response: bogus } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().code).toBe('passkey_failed');

    const cookie = await signIn();
    const registration = await call('POST', '/owner/passkeys/registration-options', { cookie, payload: {} });
    expect(registration.statusCode).toBe(200);
    expect(registration.json().data.options).toMatchObject({
      rp: { id: 'sahifa.example' },
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
    });
    const added = await call('POST', '/owner/passkeys', { cookie, payload: { name: 'Phone', response: bogus } });
    expect(added.json().code).toBe('passkey_failed');
    const unknown = '7d1f8c8e-5a8a-4f5e-9a57-0a8f3c1d2e4b';
    expect((await call('PATCH', `/owner/passkeys/${unknown}`, { cookie, payload: { name: 'x' } })).statusCode).toBe(
      404,
    );
    expect((await call('DELETE', `/owner/passkeys/${unknown}`, { cookie })).statusCode).toBe(404);
  });
});

function asked200() {
  return {
    success: true,
    message: 'If a notification channel is configured, a link is on its way',
    data: { requested: true },
  };
}
