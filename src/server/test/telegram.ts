import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export const TELEGRAM_TOKEN = '123456789:AAE-test-token-for-the-local-bot-api';

/** How the fake Bot API answers the next `sendMessage` calls; `ok` when the queue is empty. */
type BotAnswer = { kind: 'ok' } | { kind: 'too_many_requests'; retryAfter: number } | { kind: 'forbidden' };

export interface FakeBotApi {
  url: string;
  /** Each sendMessage call's JSON body. */
  calls: { chat_id: unknown; text: unknown }[];
  answers: BotAnswer[];
  close: () => Promise<void>;
}

async function readBody(request: IncomingMessage): Promise<string> {
  let body = '';
  for await (const chunk of request) body += chunk;
  return body;
}

/**
 * No Telegram Bot API is reachable from these machines, so the tests talk to this local HTTP server
 * instead. It answers as https://core.telegram.org/bots/api documents: `{ok: true, result: Message}`
 * on success, and `{ok: false, error_code, description, parameters?: {retry_after}}` with the same
 * HTTP status on failure. Only `POST /bot<token>/sendMessage` exists; a wrong token gets 401 as Telegram
 * gives it, an unknown method 404.
 */
export async function startFakeBotApi(): Promise<FakeBotApi> {
  const calls: FakeBotApi['calls'] = [];
  const answers: BotAnswer[] = [];
  const server: Server = createServer(async (request, response) => {
    const body = await readBody(request);
    const reply = (status: number, payload: object) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(payload));
    };
    const match = /^\/bot([^/]+)\/([A-Za-z]+)$/.exec(request.url ?? '');
    if (!match || match[1] !== TELEGRAM_TOKEN)
      return reply(401, { ok: false, error_code: 401, description: 'Unauthorized' });
    if (match[2] !== 'sendMessage' || request.method !== 'POST') {
      return reply(404, { ok: false, error_code: 404, description: 'Not Found' });
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
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
