import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hitRateLimit } from '../rate-limit/rate-limit-store.js';
import { saveContactMessage, setMessageState } from '../repositories/contact-repository.js';
import { createSession, recordSignInFailure } from '../repositories/owner-repository.js';
import { createTestApp, type TestApp, testDialect } from '../test/helper.js';

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
});
