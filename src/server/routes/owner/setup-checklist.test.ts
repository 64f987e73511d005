import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SetupChecklistItem } from '../../../shared/schemas/setup-checklist.js';
import { publishContentVersion } from '../../repositories/content-repository.js';
import { addPasskey, deletePasskey } from '../../repositories/passkey-repository.js';
import { createSignedInTestApp, SAME_ORIGIN, type TestApp, testDialect } from '../../test/helper.js';
import { standInSettings } from '../../test/notification-stand-ins.js';
import { startTestSmtp, type TestSmtp } from '../../test/smtp.js';

type Done = Partial<Record<SetupChecklistItem, boolean>>;

/** The owner's checklist calls, on one app. */
function checklistOf(testApp: TestApp, cookie: () => string) {
  const headers = () => ({ cookie: cookie(), ...SAME_ORIGIN });
  return {
    get: async () => {
      const response = await testApp.app.inject({ url: '/api/v1/owner/setup-checklist', headers: headers() });
      expect(response.statusCode).toBe(200);
      return response.json().data as { items: { id: SetupChecklistItem; done: boolean }[]; hidden: boolean };
    },
    post: (action: 'content-reviewed' | 'hide') =>
      testApp.app.inject({ method: 'POST', url: `/api/v1/owner/setup-checklist/${action}`, headers: headers() }),
  };
}

const doneOf = (items: { id: SetupChecklistItem; done: boolean }[]): Done =>
  Object.fromEntries(items.map((item) => [item.id, item.done]));

describe(`the set-up checklist of a new site on ${testDialect}`, () => {
  let testApp: TestApp;
  let cookie = '';
  const checklist = () => checklistOf(testApp, () => cookie);
  beforeAll(async () => {
    ({ testApp, cookie } = await createSignedInTestApp());
  });
  afterAll(async () => testApp.close());

  it('lists every step in order, only the password done, and needs the owner', async () => {
    expect(await checklist().get()).toEqual({
      items: [
        { id: 'password', done: true },
        { id: 'site_address', done: false },
        { id: 'notifications', done: false },
        { id: 'test_message', done: false },
        { id: 'second_factor', done: false },
        { id: 'content_reviewed', done: false },
      ],
      hidden: false,
    });
    expect((await testApp.app.inject({ url: '/api/v1/owner/setup-checklist' })).statusCode).toBe(401);
    const foreign = await testApp.app.inject({
      method: 'POST',
      url: '/api/v1/owner/setup-checklist/content-reviewed',
      headers: { cookie, 'sec-fetch-site': 'cross-site' },
    });
    expect(foreign.statusCode).toBe(403);
  });

  it('is not hidden while a step is left', async () => {
    const refused = await checklist().post('hide');
    expect(refused.statusCode).toBe(409);
    expect((await checklist().get()).hidden).toBe(false);
  });

  it('counts the content reviewed once the studio published anything, not the folder import', async () => {
    await publishContentVersion(testApp.db, testApp.content, { source: 'files', filesHash: 'x' });
    expect(doneOf((await checklist().get()).items).content_reviewed).toBe(false);
    await publishContentVersion(testApp.db, testApp.content, { source: 'editor' });
    expect(doneOf((await checklist().get()).items).content_reviewed).toBe(true);
  });

  it('counts the site address once it is saved in Settings', async () => {
    const saved = await testApp.app.inject({
      method: 'PUT',
      url: '/api/v1/owner/site-address',
      headers: { cookie, ...SAME_ORIGIN },
      payload: { address: 'https://aziza.example' },
    });
    expect(saved.statusCode).toBe(200);
    expect(doneOf((await checklist().get()).items).site_address).toBe(true);
  });
});

describe(`the set-up checklist, step by step, on ${testDialect}`, () => {
  let smtp: TestSmtp;
  let testApp: TestApp;
  let cookie = '';
  const checklist = () => checklistOf(testApp, () => cookie);
  beforeAll(async () => {
    smtp = await startTestSmtp();
    ({ testApp, cookie } = await createSignedInTestApp({
      notifications: standInSettings({ smtp }),
      publicUrl: 'https://env.example',
    }));
  });
  afterAll(async () => {
    await testApp.close();
    await smtp.stop();
  });

  it('counts e-mail set up on the server, and the address set by PUBLIC_URL', async () => {
    expect(doneOf((await checklist().get()).items)).toMatchObject({ notifications: true, site_address: true });
  });

  it('counts a test message once the outbox delivered it, and keeps it done', async () => {
    const queued = await testApp.app.inject({
      method: 'POST',
      url: '/api/v1/owner/notifications/test',
      headers: { cookie, ...SAME_ORIGIN },
      payload: { channel: 'email' },
    });
    expect(queued.statusCode).toBe(201);
    // Queued is not received: only a delivery the outbox sent counts.
    expect(doneOf((await checklist().get()).items).test_message).toBe(false);
    await testApp.app.outbox.runOnce();
    expect(smtp.messages.some((message) => /test/i.test(JSON.stringify(message)))).toBe(true);
    expect(doneOf((await checklist().get()).items).test_message).toBe(true);
    // The delivery's row may go (with its message, from the trash): the step stays done.
    await testApp.db.deleteFrom('notification_jobs').execute();
    expect(doneOf((await checklist().get()).items).test_message).toBe(true);
  });

  it('counts a passkey as a second factor', async () => {
    await addPasskey(testApp.db, {
      credential_id: 'credential-1',
      public_key: 'key',
      counter: 0,
      transports: null,
      name: 'Laptop',
    });
    expect(doneOf((await checklist().get()).items).second_factor).toBe(true);
  });

  it('marks the content reviewed, then hides the finished list for good', async () => {
    const marked = await checklist().post('content-reviewed');
    expect(marked.statusCode).toBe(200);
    expect(marked.json().data.items.every((item: { done: boolean }) => item.done)).toBe(true);
    const hidden = await checklist().post('hide');
    expect(hidden.statusCode).toBe(200);
    expect(hidden.json().data.hidden).toBe(true);
    // A step undone later does not bring the list back.
    const [passkey] = await testApp.db.selectFrom('owner_passkeys').select('id').execute();
    await deletePasskey(testApp.db, passkey?.id ?? '');
    const after = await checklist().get();
    expect(doneOf(after.items).second_factor).toBe(false);
    expect(after.hidden).toBe(true);
  });
});
