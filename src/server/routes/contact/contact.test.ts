import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CONTACT_LIMITS } from '../../../shared/schemas/contact.js';
import { BODY_LIMIT_BYTES } from '../../app.js';
import { createTestApp, type TestApp } from '../../test/helper.js';
import { BROWSER_USER_AGENT } from '../../test/user-agents.js';

const valid = { name: 'Malika', email: 'malika@example.uz', message: 'Salom! Loyiha haqida gaplashsak.' };

describe('POST /api/v1/contact', () => {
  let testApp: TestApp;
  beforeEach(async () => {
    testApp = await createTestApp();
  });
  afterEach(async () => testApp.close());

  const storedMessages = () =>
    testApp.db.selectFrom('contact_messages').selectAll().orderBy('created_at', 'desc').execute();
  const send = (payload: unknown, headers: Record<string, string> = {}, remoteAddress = '10.0.0.1') =>
    testApp.app.inject({ method: 'POST', url: '/api/v1/contact', payload: payload as object, headers, remoteAddress });

  it('stores the message, trimmed, before answering 201', async () => {
    const response = await send({ ...valid, name: '  Malika  ', locale: 'lotin' });
    expect(response.statusCode).toBe(201);
    const { data } = response.json();
    const [stored] = await storedMessages();
    expect(stored).toMatchObject({
      id: data.id,
      name: 'Malika',
      email: valid.email,
      message: valid.message,
      locale: 'lotin',
      read_at: null,
      state: 'new',
    });
  });

  it('files a filled hidden field or a too-fast form as spam with its reason, answering as usual', async () => {
    const honeypot = await send({ ...valid, website: 'https://spam.example' });
    expect(honeypot.statusCode).toBe(201);
    expect(honeypot.json()).toMatchObject({ success: true, data: { id: expect.any(String) } });
    const fast = await send({ ...valid, filled_in_ms: 800 });
    expect(fast.statusCode).toBe(201);
    expect((await send({ ...valid, website: '', filled_in_ms: 45_000 })).statusCode).toBe(201);
    const stored = await storedMessages();
    expect(stored.map((message) => [message.state, message.spam_reason]).sort()).toEqual([
      ['new', null],
      ['spam', 'honeypot'],
      ['spam', 'too_fast'],
    ]);
    // The bot is not told which id its message got.
    expect(stored.map((message) => message.id)).not.toContain(honeypot.json().data.id);
  });

  // Decision 039 (issue 30) links a message to its writer's visits, which decision 021's migration
  // 2026-11-23T0100 had ruled out: only a counted visitor's, so the owner sees how they found the site.
  it("links the message to the sender's visitor only when the sender is counted", async () => {
    const headers = { 'user-agent': BROWSER_USER_AGENT }; // crawlers create no visitor
    const token = (await testApp.app.inject({ url: '/api/v1/visitor/create/web', headers })).json().data.token;
    const visitor = await testApp.db.selectFrom('visitors').select('id').executeTakeFirstOrThrow();
    expect((await send(valid, { ...headers, 'x-visitor-key': token })).statusCode).toBe(201);
    expect((await storedMessages())[0]?.visitor_id).toBe(visitor.id);
    // Without a user agent the sender is not counted (a script), key or not.
    expect((await send(valid, { 'x-visitor-key': token })).statusCode).toBe(201);
    expect((await storedMessages())[0]?.visitor_id).toBeNull();
  });

  it('writes one notification job per configured channel in the same transaction, none for spam', async () => {
    await testApp.close();
    testApp = await createTestApp({
      notifications: {
        email: { smtpUrl: 'smtp://127.0.0.1:9', from: 'site@example.uz', to: 'owner@example.uz' },
        telegram: { botToken: '1:x', chatId: '42', apiUrl: 'http://127.0.0.1:9' },
        locale: 'english',
        retrySeconds: 15,
      },
    });
    const { data } = (await send(valid)).json();
    await send({ ...valid, website: 'spam' });
    const jobs = await testApp.db.selectFrom('notification_jobs').selectAll().execute();
    expect(jobs.map((job) => [job.message_id, job.channel, job.kind]).sort()).toEqual([
      [data.id, 'email', 'message'],
      [data.id, 'telegram', 'message'],
    ]);
  });

  it.each([
    [{}, { name: 'required', email: 'required', message: 'required' }],
    [{ ...valid, name: '   ' }, { name: 'required' }],
    [{ ...valid, name: 'n'.repeat(CONTACT_LIMITS.nameMax + 1) }, { name: 'too_long' }],
    [{ ...valid, email: 'not-an-email' }, { email: 'invalid_email' }],
    [{ ...valid, email: 'a@b' }, { email: 'invalid_email' }],
    [{ ...valid, email: 42 }, { email: 'required' }],
    [{ ...valid, message: 'short' }, { message: 'too_short' }],
    [{ ...valid, message: 'm'.repeat(CONTACT_LIMITS.messageMax + 1) }, { message: 'too_long' }],
  ])('rejects %j with a code per field', async (payload, expected) => {
    const response = await send(payload);
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body).toMatchObject({ success: false, code: 'validation_failed' });
    const codes = Object.fromEntries(
      body.errors.map((error: { field: string; code: string }) => [error.field, error.code]),
    );
    expect(codes).toEqual(expected);
    expect(await storedMessages()).toHaveLength(0);
  });

  it('rejects a body that is not an object, unknown fields and the wrong media type', async () => {
    expect((await send(['a'])).statusCode).toBe(400);
    expect((await send({ ...valid, admin: true })).statusCode).toBe(400);
    const text = await testApp.app.inject({
      method: 'POST',
      url: '/api/v1/contact',
      headers: { 'content-type': 'text/plain' },
      payload: 'hello',
    });
    expect(text.statusCode).toBe(415);
    expect(text.json()).toMatchObject({ success: false, code: 'unsupported_media_type' });
  });

  it('answers 413 for a body over the limit', async () => {
    const response = await send({ ...valid, message: 'm'.repeat(BODY_LIMIT_BYTES) });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ success: false, code: 'payload_too_large' });
  });

  it('lets one client send five messages per window, then answers 429 with Retry-After', async () => {
    for (let index = 0; index < 5; index++) {
      expect((await send(valid, {}, '10.0.0.7')).statusCode).toBe(201);
    }
    const limited = await send(valid, {}, '10.0.0.7');
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json()).toMatchObject({ success: false, code: 'rate_limited' });
    // Another client is not affected.
    expect((await send(valid, {}, '10.0.0.8')).statusCode).toBe(201);
    expect(await storedMessages()).toHaveLength(6);
  });
});
