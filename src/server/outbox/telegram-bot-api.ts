import type { TelegramProblem } from '../../shared/schemas/telegram-settings.js';

/**
 * The few Bot API calls that connect a bot from Settings (https://core.telegram.org/bots/api):
 * `getMe` checks the token, `getUpdates` finds the owner's `/start <code>`, `sendMessage` answers in
 * that chat. The token is part of every address, so no error text that could carry it leaves here.
 */

export interface TelegramBot {
  id: number;
  username: string;
  name: string;
}

/** A message someone sent the bot, as far as connecting needs it. */
export interface TelegramUpdate {
  updateId: number;
  chatId: string;
  chatName: string;
  text: string;
}

/** A Bot API call that did not answer `ok`, as the problem the owner is shown. */
export class TelegramApiError extends Error {
  override name = 'TelegramApiError';
  constructor(readonly problem: TelegramProblem) {
    super(`Telegram: ${problem}`);
  }
}

interface BotApiAnswer<Result> {
  ok?: boolean;
  error_code?: number;
  result?: Result;
}

async function call<Result>(apiUrl: string, token: string, method: string, body: object): Promise<Result> {
  let response: Response;
  try {
    response = await fetch(`${apiUrl.replace(/\/+$/, '')}/bot${token}/${method}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(10_000),
    });
  } catch {
    throw new TelegramApiError('unreachable');
  }
  const answer = (await response.json().catch(() => ({}))) as BotApiAnswer<Result>;
  if (response.ok && answer.ok && answer.result !== undefined) return answer.result;
  const status = answer.error_code ?? response.status;
  // 401: a wrong or revoked token; 404: no such bot (Telegram answers a malformed token so).
  if (status === 401 || status === 404) throw new TelegramApiError('token_refused');
  // 409 from getUpdates: the bot has a webhook, so its updates go there and not to polling.
  if (status === 409) throw new TelegramApiError('webhook_set');
  throw new TelegramApiError('failed');
}

/** The bot a token belongs to. */
export async function getMe(apiUrl: string, token: string): Promise<TelegramBot> {
  const bot = await call<{ id: number; username?: string; first_name?: string }>(apiUrl, token, 'getMe', {});
  return { id: bot.id, username: bot.username ?? '', name: bot.first_name ?? bot.username ?? '' };
}

interface RawUpdate {
  update_id: number;
  message?: {
    text?: string;
    chat?: { id: number | string; title?: string; username?: string; first_name?: string; last_name?: string };
  };
}

/** The messages waiting for the bot from `offset` on, without waiting for more (a short poll). */
export async function getUpdates(apiUrl: string, token: string, offset: number): Promise<TelegramUpdate[]> {
  const updates = await call<RawUpdate[]>(apiUrl, token, 'getUpdates', {
    offset,
    timeout: 0,
    allowed_updates: ['message'],
  });
  return updates.map(({ update_id, message }) => {
    const chat = message?.chat;
    const person = [chat?.first_name, chat?.last_name].filter(Boolean).join(' ');
    return {
      updateId: update_id,
      chatId: chat ? String(chat.id) : '',
      chatName: chat?.title ?? (person || (chat?.username ? `@${chat.username}` : String(chat?.id ?? ''))),
      text: message?.text ?? '',
    };
  });
}

export async function sendMessage(apiUrl: string, token: string, chatId: string, text: string): Promise<void> {
  await call(apiUrl, token, 'sendMessage', { chat_id: chatId, text });
}
