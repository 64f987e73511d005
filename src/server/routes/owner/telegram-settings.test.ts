import { existsSync, readFileSync } from 'node:fs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lookForTelegramStart } from '../../outbox/stored-telegram.js';
import { activeChannels } from '../../repositories/email-settings-repository.js';
import { jsonLinesInto } from '../../test/log-lines.js';
import { createOwnerTestApp, type OwnerTestApp, ownerHeaders } from '../../test/owner-app.js';
import { FAKE_BOT, type FakeBotApi, type FakeChat, startFakeBotApi, TELEGRAM_TOKEN } from '../../test/telegram.js';

// No Telegram is reachable from here: these tests talk to src/server/test/telegram.ts, a local server
// that answers getMe, getUpdates and sendMessage as the Bot API documents them.

const OWNER_CHAT: FakeChat = { id: 5_550_001, type: 'private', first_name: 'Dilnoza', last_name: 'Karimova' };
const STRANGER: FakeChat = { id: 5_550_002, type: 'private', username: 'stranger' };

describe('Telegram in Settings', () => {
  let bot: FakeBotApi;
  let owner: OwnerTestApp;
  const lines: unknown[] = [];
  const call = (method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, payload?: object) =>
    owner.app.inject({ method, url: `/api/v1/owner${url}`, headers: ownerHeaders(owner), payload });
  const settings = async () => (await call('GET', '/telegram')).json().data;
  const codeOf = (link: string) => new URL(link).searchParams.get('start') ?? '';
  /** One turn of the app's own `telegram-link` job (its secret key is private to the app). */
  const pollOnce = () => owner.app.jobs.run('telegram-link');

  beforeAll(async () => {
    bot = await startFakeBotApi();
    owner = await createOwnerTestApp({ telegramApiUrl: bot.url }, undefined, {
      logger: { level: 'trace', stream: jsonLinesInto(lines) },
    });
  });
  afterAll(async () => {
    await owner?.close();
    await bot?.close();
  });

  it('is not connected at first, and needs a session', async () => {
    expect(await settings()).toMatchObject({ source: 'none', state: 'none', bot: null, link: null });
    const stranger = await owner.app.inject({ method: 'GET', url: '/api/v1/owner/telegram' });
    expect(stranger.statusCode).toBe(401);
  });

  it('refuses what is not a token with a field error, and a token Telegram refuses without saving it', async () => {
    const malformed = await call('PUT', '/telegram', { token: 'not a token' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().errors).toEqual([{ field: 'token', code: 'invalid_format' }]);
    const refused = await call('PUT', '/telegram', { token: '123456789:AAE-a-token-telegram-does-not-know' });
    expect(refused.statusCode).toBe(200);
    expect(refused.json().data).toMatchObject({ problem: 'token_refused', settings: { state: 'none' } });
    expect((await settings()).state).toBe('none');
  });

  it('checks the token with getMe and answers a one-time link with its QR code, never the token', async () => {
    const connect = await call('PUT', '/telegram', { token: ` ${TELEGRAM_TOKEN} ` });
    expect(connect.statusCode).toBe(200);
    expect(connect.body).not.toContain(TELEGRAM_TOKEN);
    const { problem, settings: answer } = connect.json().data;
    expect(problem).toBeNull();
    expect(answer).toMatchObject({
      source: 'settings',
      state: 'waiting',
      bot: { username: FAKE_BOT.username, name: FAKE_BOT.first_name },
      chat: null,
    });
    expect(answer.link).toMatch(new RegExp(`^https://t\\.me/${FAKE_BOT.username}\\?start=[A-Za-z0-9_-]{22}$`));
    expect(answer.qrCode).toMatch(/^<svg[\s\S]*<\/svg>$/);
    const minutesLeft = (Date.parse(answer.expiresAt) - Date.now()) / 60_000;
    expect(minutesLeft).toBeGreaterThan(9);
    expect(minutesLeft).toBeLessThanOrEqual(10);
    expect((await settings()).link).toBe(answer.link);
    // Kept sealed: no row holds the token in clear, and no other channel turned on yet.
    const rows = await owner.db.selectFrom('owner_settings').select('value').execute();
    expect(JSON.stringify(rows)).not.toContain(TELEGRAM_TOKEN);
    expect(await activeChannels(owner.db, { email: undefined, telegram: undefined, retrySeconds: 15 })).toEqual([]);
  });

  it("connects the chat that sends the link's /start, ignores the others, and says so in the chat", async () => {
    const { link } = await settings();
    bot.receive(STRANGER, '/start');
    bot.receive(STRANGER, '/start wrong-code-000000000000');
    await pollOnce();
    expect((await settings()).state).toBe('waiting');

    bot.receive(OWNER_CHAT, `/start ${codeOf(link)}`);
    await pollOnce();
    expect(await settings()).toMatchObject({
      source: 'settings',
      state: 'connected',
      chat: 'Dilnoza Karimova',
      link: null,
      qrCode: null,
    });
    expect(bot.calls.at(-1)).toMatchObject({
      chat_id: String(OWNER_CHAT.id),
      text: expect.stringContaining('Connected'),
    });
    expect(bot.calls.map((sent) => sent.chat_id)).not.toContain(String(STRANGER.id));
    // Each update read was confirmed: the next poll would ask after the last one.
    expect(bot.updateCalls.at(-1)).toBeGreaterThan(bot.updateCalls[0] ?? 0);
    // Once connected, the job asks Telegram nothing.
    const polls = bot.updateCalls.length;
    await pollOnce();
    expect(bot.updateCalls).toHaveLength(polls);
  });

  it('sends a test message to the connected chat through the outbox, and shows it delivered', async () => {
    const status = (await call('GET', '/notifications')).json().data;
    expect(status.channels).toContainEqual({ channel: 'telegram', configured: true, target: 'Dilnoza Karimova' });
    const queued = await call('POST', '/notifications/test', { channel: 'telegram' });
    expect(queued.statusCode).toBe(201);
    const { id } = queued.json().data.delivery;
    await owner.app.outbox.runOnce();
    const followed = await call('GET', `/notifications/${id}`);
    expect(followed.json().data.delivery).toMatchObject({ status: 'sent', channel: 'telegram', kind: 'test' });
    expect(bot.calls.at(-1)?.chat_id).toBe(String(OWNER_CHAT.id));
    expect((await call('GET', '/notifications/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });

  it('lets only one of two processes store a Start they both read, and answer in the chat once', async () => {
    const renewed = await call('POST', '/telegram/link');
    expect(renewed.json().data.state).toBe('waiting');
    bot.receive(OWNER_CHAT, `/start ${codeOf(renewed.json().data.link)}`);
    const replies = bot.calls.length;
    // What the app's job does, twice at once as two processes would: the same key opens the token.
    const box = { seal: (text: string) => text, open: () => TELEGRAM_TOKEN };
    const results = await Promise.all([
      lookForTelegramStart(owner.db, box, bot.url, () => 'english'),
      lookForTelegramStart(owner.db, box, bot.url, () => 'english'),
    ]);
    expect(results.filter((result) => result === 'connected')).toHaveLength(1);
    expect(bot.calls.length - replies).toBe(1);
    expect((await settings()).state).toBe('connected');
  });

  it('stops asking Telegram when the link has expired, and offers a new one', async () => {
    const { link } = (await call('POST', '/telegram/link')).json().data;
    const polls = bot.updateCalls.length;
    const box = { seal: (text: string) => text, open: () => TELEGRAM_TOKEN };
    const later = new Date(Date.now() + 11 * 60_000);
    expect(await lookForTelegramStart(owner.db, box, bot.url, () => 'english', later)).toBe('idle');
    expect(bot.updateCalls).toHaveLength(polls);
    expect(link).not.toBeNull();
  });

  it("names a webhook on the bot, which keeps Telegram's updates from reaching the site", async () => {
    await call('POST', '/telegram/link');
    bot.webhook.set = true;
    try {
      await pollOnce();
      expect(await settings()).toMatchObject({ state: 'waiting', problem: 'webhook_set' });
    } finally {
      bot.webhook.set = false;
    }
  });

  it('disconnects: the bot, its token and the chat are forgotten, and Telegram is off at once', async () => {
    const answer = await call('DELETE', '/telegram');
    expect(answer.json().data).toMatchObject({ source: 'none', state: 'none' });
    const status = (await call('GET', '/notifications')).json().data;
    expect(status.channels).toContainEqual({ channel: 'telegram', configured: false, target: null });
    expect((await call('POST', '/notifications/test', { channel: 'telegram' })).statusCode).toBe(409);
    expect((await call('POST', '/telegram/link')).statusCode).toBe(404);
  });

  it('leaves the token in no log line and nowhere in clear in the SQLite file', async () => {
    expect(lines.length).toBeGreaterThan(0);
    expect(JSON.stringify(lines)).not.toContain(TELEGRAM_TOKEN);
    const files = await sql<{ file: string }>`pragma database_list`.execute(owner.db).catch(() => undefined);
    const file = files?.rows.find((row) => row.file)?.file;
    if (!file) return; // PostgreSQL: the rows were checked above
    await sql`pragma wal_checkpoint(FULL)`.execute(owner.db);
    for (const name of [file, `${file}-wal`]) {
      if (existsSync(name)) expect(readFileSync(name).includes(Buffer.from(TELEGRAM_TOKEN))).toBe(false);
    }
  });
});

describe("Telegram set by the server's environment", () => {
  let owner: OwnerTestApp;
  beforeAll(async () => {
    owner = await createOwnerTestApp({
      notifications: {
        email: undefined,
        telegram: { botToken: TELEGRAM_TOKEN, chatId: '777', apiUrl: 'http://127.0.0.1:9' },
        locale: 'english',
        retrySeconds: 15,
      },
    });
  });
  afterAll(async () => owner?.close());

  it('is shown read-only without its token, and cannot be changed here', async () => {
    const headers = ownerHeaders(owner);
    const read = await owner.app.inject({ method: 'GET', url: '/api/v1/owner/telegram', headers });
    expect(read.body).not.toContain(TELEGRAM_TOKEN);
    expect(read.json().data).toMatchObject({ source: 'environment', state: 'connected', chat: '777' });
    for (const [method, url] of [
      ['PUT', '/api/v1/owner/telegram'],
      ['POST', '/api/v1/owner/telegram/link'],
      ['DELETE', '/api/v1/owner/telegram'],
    ] as const) {
      const answer = await owner.app.inject({ method, url, headers, payload: { token: TELEGRAM_TOKEN } });
      expect(answer.statusCode, `${method} ${url}`).toBe(409);
      expect(answer.json().code).toBe('telegram_from_environment');
    }
  });
});
