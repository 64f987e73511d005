import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hitRateLimit } from '../rate-limit/rate-limit-store.js';
import { saveContactMessage, setMessageState } from '../repositories/contact-repository.js';
import { publishContentVersion } from '../repositories/content-repository.js';
import { createSession, recordSignInFailure } from '../repositories/owner-repository.js';
import { createTestApp, signInOwner, type TestApp, testDialect } from '../test/helper.js';
import { callContentApi } from '../test/owner-app.js';
import { sampleContent } from '../test/sample-content.js';

const DAY_MS = 24 * 60 * 60_000;
const ago = (ms: number) => new Date(Date.now() - ms);

describe(`the housekeeping jobs of the app, on ${testDialect}`, () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp();
  });
  afterAll(async () => testApp.close());

  it('inbox housekeeping deletes month-old trash and spam, expired or idle sessions and old sign-in failures, and keeps the rest', async () => {
    const { db } = testApp;
    const message = { name: 'Laylo', email: 'laylo@example.uz', message: 'Salom, hammasi joyida.' };
    const oldTrash = await saveContactMessage(db, message, { now: ago(40 * DAY_MS) });
    const newTrash = await saveContactMessage(db, message, { now: ago(40 * DAY_MS) });
    const kept = await saveContactMessage(db, message, { now: ago(40 * DAY_MS) });
    await setMessageState(db, [oldTrash], 'trash', ago(31 * DAY_MS));
    await setMessageState(db, [newTrash], 'trash', ago(29 * DAY_MS));
    // Spam held back when it arrived, and spam the owner marked, each after the same 30 days.
    await saveContactMessage(db, message, { spamReason: 'too_fast', now: ago(31 * DAY_MS) });
    const newSpam = await saveContactMessage(db, message, { spamReason: 'too_fast', now: ago(29 * DAY_MS) });
    const markedLongAgo = await saveContactMessage(db, message, { now: ago(40 * DAY_MS) });
    await setMessageState(db, [markedLongAgo], 'spam', ago(31 * DAY_MS));
    const markedLately = await saveContactMessage(db, message, { now: ago(40 * DAY_MS) });
    await setMessageState(db, [markedLately], 'spam', ago(29 * DAY_MS));
    // A session made long ago has expired, one unused for 8 days is idle; one made now is neither.
    await createSession(db, 'Firefox on Linux', ago(400 * DAY_MS));
    await createSession(db, 'Chrome on Android', ago(8 * DAY_MS));
    const { session } = await createSession(db, 'Safari on macOS');
    await recordSignInFailure(db, '203.0.113.1', ago(2 * DAY_MS));
    await recordSignInFailure(db, '203.0.113.2', ago(60_000));

    await testApp.app.jobs.run('inbox-housekeeping');

    const messages = await db.selectFrom('contact_messages').select('id').execute();
    expect(messages.map((row) => row.id).sort()).toEqual([kept, newTrash, newSpam, markedLately].sort());
    expect(await db.selectFrom('owner_sessions').select('id').execute()).toEqual([{ id: session.id }]);
    expect(await db.selectFrom('sign_in_failures').select('address').execute()).toEqual([{ address: '203.0.113.2' }]);
  });

  it('rate-limit purge deletes the counters whose window has ended', async () => {
    await hitRateLimit(testApp.db, 'contact:203.0.113.7', 60_000, ago(2 * 60_000));
    await hitRateLimit(testApp.db, 'contact:203.0.113.8', 60_000);

    await testApp.app.jobs.run('rate-limit-purge');

    const keys = await testApp.db.selectFrom('rate_limits').select('key').execute();
    expect(keys).toEqual([{ key: 'contact:203.0.113.8' }]);
  });

  it('content history keeps a month of versions, then one a day, and what is left still lists, compares and restores', async () => {
    const { db, app } = testApp;
    const today = new Date();
    // Two saves on one day 40 days ago (CONTENT_HISTORY_DAYS is 30 by default), then today's.
    const fortyDaysAgo = (hour: number) =>
      new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() - 40, hour));
    const greeted = (english: string) => {
      const content = sampleContent();
      content.home.greeting.english = english;
      return content;
    };
    await publishContentVersion(db, greeted('Morning draft'), { source: 'files', filesHash: 'x' }, fortyDaysAgo(8));
    await publishContentVersion(db, greeted('Morning draft'), { source: 'editor' }, fortyDaysAgo(8));
    await publishContentVersion(db, greeted('Evening'), { source: 'editor' }, fortyDaysAgo(20));
    await publishContentVersion(db, greeted('Today'), { source: 'editor' }, today);

    await app.jobs.run('content-history');

    const owner = { ...testApp, cookie: await signInOwner(testApp) };
    const call = (method: 'GET' | 'POST', url: string, payload?: object) => callContentApi(owner, method, url, payload);
    const listed = (await call('GET', '/versions')).json().data as { number: number }[];
    // Version 1 stays as the latest folder import, 2 goes, 3 is the last of its day, 4 is published.
    expect(listed.map((version) => version.number)).toEqual([4, 3, 1]);
    expect((await call('GET', '/versions/2/compare/4')).statusCode).toBe(404);
    const compared = await call('GET', '/versions/3/compare/4');
    expect(compared.statusCode).toBe(200);
    expect(JSON.stringify(compared.json().data.sections)).toContain('greeting');

    const restored = await call('POST', '/versions/3/restore', {});
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json().data.number).toBe(5);
    const home = await app.inject({ url: '/api/v1/pages/home' });
    expect(home.json().data.greeting.english).toBe('Evening');
  });
});
