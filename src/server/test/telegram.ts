import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export const TELEGRAM_TOKEN = '123456789:AAE-test-token-for-the-local-bot-api';

/** How the fake Bot API answers the next `sendMessage` calls; `ok` when the queue is empty. */
type BotAnswer = { kind: 'ok' } | { kind: 'too_many_requests'; retryAfter: number } | { kind: 'forbidden' };

/** A chat as Telegram describes it in an update's message. */
export interface FakeChat {
  id: number;
  type: 'private' | 'group';
  first_name?: string;
  last_name?: string;
  username?: string;
  title?: string;
}

export interface FakeBotApi {
  url: string;
  /** Each sendMessage call's JSON body. */
  calls: { chat_id: unknown; text: unknown }[];
  answers: BotAnswer[];
  /** Someone writes to the bot: the update waits for getUpdates, as Telegram keeps it for 24 hours. */
  receive: (chat: FakeChat, text: string) => void;
  /** Each getUpdates call's `offset`. */
  updateCalls: number[];
  /** A webhook is set: getUpdates answers 409 as Telegram does then. */
  webhook: { set: boolean };
  close: () => Promise<void>;
}

/** The bot getMe describes. */
export const FAKE_BOT = { id: 123456789, is_bot: true, first_name: 'Sahifa notices', username: 'sahifa_notices_bot' };

async function readBody(request: IncomingMessage): Promise<string> {
  let body = '';
  for await (const chunk of request) body += chunk;
  return body;
}

/**
 * No Telegram Bot API is reachable from these machines, so the tests talk to this local HTTP server
 * instead. It answers as https://core.telegram.org/bots/api documents: `{ok: true, result: …}` on
 * success, and `{ok: false, error_code, description, parameters?: {retry_after}}` with the same HTTP
 * status on failure. It knows `getMe` (a User), `getUpdates` (the Updates from `offset` on; earlier ones
 * are forgotten, as Telegram confirms them; 409 while a webhook is set) and `sendMessage` (a Message),
 * each by POST with a JSON body; a wrong token gets 401 as Telegram gives it, an unknown method 404.
 */
export async function startFakeBotApi(): Promise<FakeBotApi> {
  const calls: FakeBotApi['calls'] = [];
  const answers: BotAnswer[] = [];
  const updateCalls: number[] = [];
  const webhook = { set: false };
  let updates: { update_id: number; message: object }[] = [];
  let nextUpdateId = 700_000_001;
  const server: Server = createServer(async (request, response) => {
    const body = await readBody(request);
    const reply = (status: number, payload: object) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(payload));
    };
    const match = /^\/bot([^/]+)\/([A-Za-z]+)$/.exec(request.url ?? '');
    if (!match || match[1] !== TELEGRAM_TOKEN)
      return reply(401, { ok: false, error_code: 401, description: 'Unauthorized' });
    const method = match[2];
    if (request.method !== 'POST' || !['getMe', 'getUpdates', 'sendMessage'].includes(method ?? '')) {
      return reply(404, { ok: false, error_code: 404, description: 'Not Found' });
    }
    if (method === 'getMe') return reply(200, { ok: true, result: FAKE_BOT });
    if (method === 'getUpdates') {
      const { offset = 0 } = JSON.parse(body || '{}') as { offset?: number };
      updateCalls.push(offset);
      if (webhook.set) {
        return reply(409, {
          ok: false,
          error_code: 409,
          description:
            "Conflict: can't use getUpdates method while webhook is active; use deleteWebhook to delete the webhook first",
        });
      }
      updates = updates.filter((update) => update.update_id >= offset);
      return reply(200, { ok: true, result: updates });
    }
    const json = JSON.parse(body) as { chat_id: unknown; text: unknown };
    const answer = answers.shift() ?? { kind: 'ok' };
    if (answer.kind === 'too_many_requests') {
      return reply(429, {
        ok: false,
        error_code: 429,
        description: `Too Many Requests: retry after ${answer.retryAfter}`,
        parameters: { retry_after: answer.retryAfter },
      });
    }
    if (answer.kind === 'forbidden') {
      return reply(403, { ok: false, error_code: 403, description: 'Forbidden: bot was blocked by the user' });
    }
    calls.push({ chat_id: json.chat_id, text: json.text });
    return reply(200, {
      ok: true,
      result: {
        message_id: calls.length,
        date: Math.floor(Date.now() / 1000),
        chat: { id: json.chat_id, type: 'private' },
        text: json.text,
      },
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    answers,
    receive: (chat, text) => {
      const update_id = nextUpdateId++;
      updates.push({
        update_id,
        message: {
          message_id: update_id,
          date: Math.floor(Date.now() / 1000),
          chat,
          from: { ...chat, is_bot: false },
          text,
        },
      });
    },
    updateCalls,
    webhook,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
