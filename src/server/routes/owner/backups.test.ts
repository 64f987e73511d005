import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { clientPseudonym, hitRateLimit } from '../../rate-limit/rate-limit-store.js';
import { saveContactMessage } from '../../repositories/contact-repository.js';
import { testDialect } from '../../test/helper.js';
import { createOwnerTestApp, type OwnerTestApp, ownerHeaders } from '../../test/owner-app.js';

const SMTP_PASSWORD = 'clear-smtp-password-9Xq4';

describe(`backups in Settings, on ${testDialect}`, () => {
  let owner: OwnerTestApp;
  let folder: string;
  const call = (method: 'GET' | 'PUT', url: string, payload?: object, headers = ownerHeaders(owner)) =>
    owner.app.inject({ method, url: `/api/v1/owner/backups${url}`, headers, ...(payload ? { payload } : {}) });
  /** The session signed in `minutes` ago, as far as proving who holds it goes. */
  const provedAgo = async (minutes: number) =>
    owner.db
      .updateTable('owner_sessions')
      .set({ authenticated_at: new Date(Date.now() - minutes * 60_000).toISOString() })
      .execute();

  beforeAll(async () => {
    owner = await createOwnerTestApp();
    folder = mkdtempSync(path.join(tmpdir(), 'sahifa-downloaded-'));
  });
  afterAll(async () => {
    await owner?.close();
    rmSync(folder, { recursive: true, force: true });
  });
  beforeEach(async () => provedAgo(0));

  it('needs a session', async () => {
    for (const url of ['', '/download']) {
      expect((await call('GET', url, undefined, {})).statusCode).toBe(401);
    }
    expect(
      (await call('PUT', '/schedule', { frequency: 'off', keep: 3 }, { 'sec-fetch-site': 'same-origin' })).statusCode,
    ).toBe(401);
  });

  it.runIf(testDialect === 'sqlite')(
    'answers the schedule (daily, 7 kept, by default) and that none was made yet',
    async () => {
      const answer = await call('GET', '');
      expect(answer.statusCode).toBe(200);
      expect(answer.json().data).toMatchObject({
        available: true,
        schedule: { frequency: 'daily', keep: 7 },
        last: null,
        kept: 0,
        failure: null,
      });
      expect(answer.json().data.folder).toMatch(/backups$/);
    },
  );

  it.runIf(testDialect === 'sqlite')('refuses a bad schedule with a code per field, and saves a good one', async () => {
    const refused = await call('PUT', '/schedule', { frequency: 'hourly', keep: 0 });
    expect(refused.statusCode).toBe(400);
    const fields = Object.fromEntries(
      (refused.json().errors as { field: string; code: string }[]).map((error) => [error.field, error.code]),
    );
    expect(fields).toEqual({ frequency: 'invalid_choice', keep: 'too_small' });

    const saved = await call('PUT', '/schedule', { frequency: 'weekly', keep: 4 });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data.schedule).toEqual({ frequency: 'weekly', keep: 4 });
    expect((await call('GET', '')).json().data.schedule).toEqual({ frequency: 'weekly', keep: 4 });
    // From another site: refused.
    expect((await call('PUT', '/schedule', { frequency: 'off', keep: 4 }, { cookie: owner.cookie })).statusCode).toBe(
      403,
    );
  });

  it.runIf(testDialect === 'sqlite')(
    'downloads, after a recent sign-in, a copy that opens as a database with the messages in it and the SMTP password sealed',
    async () => {
      await saveContactMessage(
        owner.db,
        { name: 'Backup Sender', email: 'sender@example.uz', message: 'Is this kept in the backup?' },
        undefined,
      );
      const saved = await owner.app.inject({
        method: 'PUT',
        url: '/api/v1/owner/email-settings',
        headers: ownerHeaders(owner),
        payload: {
          host: 'smtp.example.uz',
          port: 587,
          security: 'starttls',
          user: 'owner@example.uz',
          password: SMTP_PASSWORD,
          from: 'site@example.uz',
          to: 'owner@example.uz',
        },
      });
      expect(saved.statusCode).toBe(200);

      // A browser left signed in is not enough.
      await provedAgo(11);
      const refused = await call('GET', '/download');
      expect(refused.statusCode).toBe(403);
      expect(refused.json().code).toBe('reauthentication_required');

      await provedAgo(1);
      const answer = await call('GET', '/download');
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['content-type']).toBe('application/vnd.sqlite3');
      expect(answer.headers['cache-control']).toBe('no-store');
      const name = /^attachment; filename="(sahifa-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ\.sqlite)"$/.exec(
        String(answer.headers['content-disposition']),
      )?.[1];
      expect(name).toBeDefined();

      const bytes = answer.rawPayload;
      expect(bytes.subarray(0, 16).toString('latin1')).toBe('SQLite format 3\0');
      expect(bytes.includes(Buffer.from(SMTP_PASSWORD))).toBe(false);
      const file = path.join(folder, name ?? 'backup.sqlite');
      writeFileSync(file, bytes);
      const copy = new SQLite(file, { readonly: true });
      try {
        expect(copy.pragma('integrity_check', { simple: true })).toBe('ok');
        expect(copy.prepare('SELECT message FROM contact_messages WHERE name = ?').get('Backup Sender')).toEqual({
          message: 'Is this kept in the backup?',
        });
      } finally {
        copy.close();
      }
      // Nothing of the download stays on the server, and it is no scheduled backup.
      const after = (await call('GET', '')).json().data;
      expect(after).toMatchObject({ last: null, kept: 0 });
    },
  );

  it('allows 10 downloads an hour from one address', async () => {
    // Ten made already from this address (each download copies the whole database); the limit
    // counts the address by its keyed hash, never the address itself.
    const client = await clientPseudonym(owner.db, '203.0.113.9');
    for (let count = 0; count < 10; count++) {
      await hitRateLimit(owner.db, `owner-backup-download:${client}`, 60 * 60_000);
    }
    const answer = await owner.app.inject({
      method: 'GET',
      url: '/api/v1/owner/backups/download',
      headers: ownerHeaders(owner),
      remoteAddress: '203.0.113.9',
    });
    expect(answer.statusCode).toBe(429);
    expect(answer.json().code).toBe('rate_limited');
  });

  it.runIf(testDialect === 'postgres')('says on PostgreSQL that pg_dump backs it up: 409, never 500', async () => {
    const state = await call('GET', '');
    expect(state.statusCode).toBe(200);
    expect(state.json().data).toMatchObject({ available: false, folder: null, last: null });
    for (const answer of [
      await call('GET', '/download'),
      await call('PUT', '/schedule', { frequency: 'off', keep: 7 }),
    ]) {
      expect(answer.statusCode).toBe(409);
      expect(answer.json().code).toBe('backups_not_available');
    }
  });
});
