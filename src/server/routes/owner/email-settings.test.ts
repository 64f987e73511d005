import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAME_ORIGIN } from '../../test/helper.js';
import { jsonLinesInto } from '../../test/log-lines.js';
import { createOwnerTestApp, type OwnerTestApp, ownerHeaders } from '../../test/owner-app.js';
import { startTestSmtp, type TestSmtp } from '../../test/smtp.js';

const PASSWORD = 'tls-app-password-7Q';

/** A self-signed certificate for 127.0.0.1, made for this run (nothing secret is kept in the repository). */
function selfSignedCertificate(): { key: string; cert: string } {
  const dir = mkdtempSync(path.join(tmpdir(), 'sahifa-smtp-tls-'));
  try {
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-days',
        '1',
        '-subj',
        '/CN=127.0.0.1',
        '-addext',
        'subjectAltName=IP:127.0.0.1',
        '-keyout',
        path.join(dir, 'key.pem'),
        '-out',
        path.join(dir, 'cert.pem'),
      ],
      { stdio: 'ignore' },
    );
    return {
      key: readFileSync(path.join(dir, 'key.pem'), 'utf8'),
      cert: readFileSync(path.join(dir, 'cert.pem'), 'utf8'),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A real SMTP server that offers STARTTLS (port 587's way) and takes the login only over TLS. */
async function startStarttlsSmtp(certificate: { key: string; cert: string }) {
  const server = new SMTPServer({
    ...certificate,
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === 'owner@example.uz' && auth.password === PASSWORD) return callback(null, { user: 'owner' });
      return callback(new Error('Invalid username or password'));
    },
    onData(stream, _session, callback) {
      stream.resume();
      stream.on('end', () => callback());
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.server.address() as AddressInfo).port };
}

const settings = (overrides: Record<string, unknown> = {}) => ({
  host: '127.0.0.1',
  port: 587,
  security: 'starttls',
  user: 'owner@example.uz',
  password: PASSWORD,
  from: 'site@example.uz',
  to: 'owner@example.uz',
  ...overrides,
});

describe('e-mail in Settings', () => {
  let owner: OwnerTestApp;
  let certificate: { key: string; cert: string };
  let tlsSmtp: Awaited<ReturnType<typeof startStarttlsSmtp>>;
  let relay: TestSmtp;
  const call = (method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) =>
    owner.app.inject({ method, url: `/api/v1/owner/email-settings${url}`, headers: ownerHeaders(owner), payload });

  beforeAll(async () => {
    certificate = selfSignedCertificate();
    tlsSmtp = await startStarttlsSmtp(certificate);
    relay = await startTestSmtp();
    owner = await createOwnerTestApp({}, undefined, { smtpTls: { ca: certificate.cert } });
  });
  afterAll(async () => {
    await owner?.close();
    await relay?.stop();
    await new Promise<void>((resolve) => tlsSmtp?.server.close(() => resolve()));
  });

  it('is not set up at first, and needs a session', async () => {
    const answer = await call('GET', '');
    expect(answer.json().data).toMatchObject({ source: 'none', passwordSet: false });
    const stranger = await owner.app.inject({ method: 'GET', url: '/api/v1/owner/email-settings' });
    expect(stranger.statusCode).toBe(401);
  });

  it('refuses bad values with a code for each field and saves nothing', async () => {
    const answer = await call('PUT', '', settings({ host: 'smtp example', port: 70_000, to: 'not-an-address' }));
    expect(answer.statusCode).toBe(400);
    const fields = Object.fromEntries(
      (answer.json().errors as { field: string; code: string }[]).map((f) => [f.field, f.code]),
    );
    expect(fields).toMatchObject({ host: 'invalid_format', port: 'too_big', to: 'invalid_email' });
    expect((await call('GET', '')).json().data.source).toBe('none');
  });

  it('saves the settings; the password is never answered, only that it is set, and kept when left empty', async () => {
    const saved = await call('PUT', '', settings({ port: tlsSmtp.port }));
    expect(saved.statusCode).toBe(200);
    expect(saved.body).not.toContain(PASSWORD);
    expect(saved.json().data).toEqual({
      source: 'settings',
      host: '127.0.0.1',
      port: tlsSmtp.port,
      security: 'starttls',
      user: 'owner@example.uz',
      passwordSet: true,
      from: 'site@example.uz',
      to: 'owner@example.uz',
    });
    const again = await call('PUT', '', settings({ port: tlsSmtp.port, password: '' }));
    expect(again.json().data.passwordSet).toBe(true);
    const read = await call('GET', '');
    expect(read.body).not.toContain(PASSWORD);
    expect(read.json().data.passwordSet).toBe(true);
    // Kept sealed: the row holds no password in clear, and the same password still logs in.
    const rows = await owner.db.selectFrom('owner_settings').select('value').execute();
    expect(JSON.stringify(rows)).not.toContain(PASSWORD);
    expect((await call('POST', '/verify', settings({ port: tlsSmtp.port, password: '' }))).json().data).toEqual({
      ok: true,
      problem: null,
    });
  });

  it('leaves no password in clear in the SQLite file', async () => {
    const files = await sql<{ file: string }>`pragma database_list`.execute(owner.db).catch(() => undefined);
    const file = files?.rows.find((row) => row.file)?.file;
    if (!file) return; // PostgreSQL: the rows were checked above
    await sql`pragma wal_checkpoint(FULL)`.execute(owner.db);
    for (const name of [file, `${file}-wal`]) {
      if (existsSync(name)) expect(readFileSync(name).includes(Buffer.from(PASSWORD))).toBe(false);
    }
  });

  it('verifies over STARTTLS, and names a refused login, a refused connection and a failed TLS', async () => {
    const verify = async (overrides: Record<string, unknown>) =>
      (await call('POST', '/verify', settings({ port: tlsSmtp.port, ...overrides }))).json().data;
    expect(await verify({})).toEqual({ ok: true, problem: null });
    expect(await verify({ password: 'wrong-password' })).toEqual({ ok: false, problem: 'login_refused' });
    expect(await verify({ security: 'tls' })).toMatchObject({ ok: false, problem: 'tls_failed' });
    // The relay offers no STARTTLS: with `starttls` the password is never sent in clear.
    expect(await verify({ port: Number(new URL(relay.url).port) })).toMatchObject({ ok: false, problem: 'tls_failed' });
    expect(relay.authentications).toBe(0);
    const closed = await startTestSmtp();
    const closedPort = Number(new URL(closed.url).port);
    await closed.stop();
    expect(await verify({ port: closedPort })).toEqual({ ok: false, problem: 'connection_refused' });
    expect(await verify({ host: 'smtp.sahifa.invalid' })).toEqual({ ok: false, problem: 'address_not_found' });
  });

  it('does not trust a self-signed certificate unless told (production never is)', async () => {
    const plain = await createOwnerTestApp();
    try {
      const answer = await plain.app.inject({
        method: 'POST',
        url: '/api/v1/owner/email-settings/verify',
        headers: ownerHeaders(plain),
        payload: settings({ port: tlsSmtp.port }),
      });
      expect(answer.json().data).toEqual({ ok: false, problem: 'tls_failed' });
    } finally {
      await plain.close();
    }
  });

  it('sends a real test message through the outbox with a plaintext relay on this machine', async () => {
    const relayPort = Number(new URL(relay.url).port);
    const relaySettings = settings({ port: relayPort, security: 'none', user: 'sahifa', password: 'test-password' });
    expect((await call('POST', '/verify', relaySettings)).json().data).toEqual({ ok: true, problem: null });
    expect((await call('PUT', '', relaySettings)).statusCode).toBe(200);
    const queued = await call('POST', '/test');
    expect(queued.statusCode).toBe(201);
    const { id, status } = queued.json().data.delivery;
    expect(status).toBe('pending');
    await owner.app.outbox.runOnce();
    const followed = await owner.app.inject({
      method: 'GET',
      url: `/api/v1/owner/notifications/${id}`,
      headers: ownerHeaders(owner),
    });
    expect(followed.json().data.delivery).toMatchObject({ status: 'sent', channel: 'email', kind: 'test' });
    expect(relay.messages).toHaveLength(1);
    expect(relay.messages[0]).toContain('To: owner@example.uz');
  });

  it('applies a change at once: the next send uses the new settings', async () => {
    const relayPort = Number(new URL(relay.url).port);
    await call(
      'PUT',
      '',
      settings({ port: relayPort, security: 'none', user: 'sahifa', password: 'test-password', to: 'new@example.uz' }),
    );
    const { id } = (await call('POST', '/test')).json().data.delivery;
    await owner.app.outbox.runOnce();
    const followed = await owner.app.inject({
      method: 'GET',
      url: `/api/v1/owner/notifications/${id}`,
      headers: ownerHeaders(owner),
    });
    expect(followed.json().data.delivery.status).toBe('sent');
    expect(relay.messages.at(-1)).toContain('To: new@example.uz');
  });

  it('tells of a sign-in from a new device by the e-mail set up here, with no e-mail in the environment', async () => {
    const relayPort = Number(new URL(relay.url).port);
    await call('PUT', '', settings({ port: relayPort, security: 'none', user: 'sahifa', password: 'test-password' }));
    const before = relay.messages.length;
    const signedIn = await owner.app.inject({
      method: 'POST',
      url: '/api/v1/owner/session',
      headers: SAME_ORIGIN,
      payload: { password: 'correct horse battery staple' },
    });
    expect(signedIn.statusCode).toBe(200);
    await owner.app.outbox.runOnce();
    const jobs = await owner.db.selectFrom('notification_jobs').select(['channel', 'kind']).execute();
    expect(jobs).toContainEqual(expect.objectContaining({ channel: 'email', kind: 'new_sign_in' }));
    expect(relay.messages.length).toBeGreaterThan(before);
  });
});

describe("e-mail set by the server's environment", () => {
  let owner: OwnerTestApp;
  beforeAll(async () => {
    owner = await createOwnerTestApp({
      notifications: {
        email: {
          smtpUrl: 'smtps://me%40example.uz:env-secret@smtp.example.uz:465',
          from: 'a@example.uz',
          to: 'b@example.uz',
        },
        telegram: undefined,
        locale: 'english',
        retrySeconds: 15,
      },
    });
  });
  afterAll(async () => owner?.close());

  it('is shown read-only without its password, and cannot be changed here', async () => {
    const headers = ownerHeaders(owner);
    const read = await owner.app.inject({ method: 'GET', url: '/api/v1/owner/email-settings', headers });
    expect(read.body).not.toContain('env-secret');
    expect(read.json().data).toEqual({
      source: 'environment',
      host: 'smtp.example.uz',
      port: 465,
      security: 'tls',
      user: 'me@example.uz',
      passwordSet: true,
      from: 'a@example.uz',
      to: 'b@example.uz',
    });
    const put = await owner.app.inject({
      method: 'PUT',
      url: '/api/v1/owner/email-settings',
      headers,
      payload: settings(),
    });
    expect(put.statusCode).toBe(409);
    expect(put.json().code).toBe('email_from_environment');
  });
});

describe('the SMTP password in the logs', () => {
  const SECRET = 'never-in-a-log-9Z';
  const lines: unknown[] = [];
  let owner: OwnerTestApp;
  beforeAll(async () => {
    owner = await createOwnerTestApp({}, undefined, { logger: { level: 'trace', stream: jsonLinesInto(lines) } });
  });
  afterAll(async () => owner?.close());

  it('is in no log line while saving, checking and failing to send', async () => {
    const closed = await startTestSmtp();
    const port = Number(new URL(closed.url).port);
    await closed.stop();
    const headers = ownerHeaders(owner);
    const payload = settings({ port, security: 'none', user: 'sahifa', password: SECRET });
    const url = '/api/v1/owner/email-settings';
    expect((await owner.app.inject({ method: 'PUT', url, headers, payload })).statusCode).toBe(200);
    await owner.app.inject({ method: 'POST', url: `${url}/verify`, headers, payload });
    await owner.app.inject({ method: 'POST', url: `${url}/test`, headers });
    await owner.app.outbox.runOnce();
    expect(lines.length).toBeGreaterThan(0);
    expect(JSON.stringify(lines)).not.toContain(SECRET);
  });
});
