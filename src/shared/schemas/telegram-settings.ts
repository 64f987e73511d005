import { z } from 'zod';
import { successResponseSchema } from './api.js';

/**
 * Telegram set up in the owner's Settings (issue 28): the owner pastes the token @BotFather gave,
 * opens a one-time link to the bot and presses Start; the server learns the chat from that `/start`.
 * The token is write-only: the browser sends it once, the server never sends it back.
 */

/** The shape of a bot token: the bot's id, a colon, and at least 20 letters, digits, `_` or `-`. */
export const TELEGRAM_BOT_TOKEN = /^\d+:[A-Za-z0-9_-]{20,}$/;

export const telegramConnectBodySchema = z.strictObject({
  token: z.string().trim().min(1).max(200).regex(TELEGRAM_BOT_TOKEN, { error: 'invalid_format' }),
});
export type TelegramConnectBody = z.input<typeof telegramConnectBodySchema>;

/** What went wrong talking to Telegram, for the page to say in the owner's language. */
const TELEGRAM_PROBLEMS = ['token_refused', 'unreachable', 'webhook_set', 'failed'] as const;
export type TelegramProblem = (typeof TELEGRAM_PROBLEMS)[number];

const telegramSettingsSchema = z.object({
  /** The server's environment (TELEGRAM_BOT_TOKEN, TELEGRAM_CHAT_ID) wins over Settings; `none` when neither. */
  source: z.enum(['environment', 'settings', 'none']),
  /** `waiting`: a bot is saved and its link waits for the owner's Start; `connected`: the chat is known. */
  state: z.enum(['none', 'waiting', 'connected']),
  /** The bot, as Telegram's getMe named it. */
  bot: z.object({ username: z.string(), name: z.string() }).nullable(),
  /** Who the messages go to: the chat's name (or, from the environment, its id). */
  chat: z.string().nullable(),
  /** While waiting: the one-time `https://t.me/<bot>?start=<code>` link, its QR code (SVG) and its end. */
  link: z.string().nullable(),
  qrCode: z.string().nullable(),
  expiresAt: z.string().nullable(),
  /** A problem the server met while waiting for the Start (a webhook on the bot, Telegram unreachable). */
  problem: z.enum(TELEGRAM_PROBLEMS).nullable(),
});
export type TelegramSettings = z.infer<typeof telegramSettingsSchema>;
export const telegramSettingsResponseSchema = successResponseSchema(telegramSettingsSchema);

/** Connecting checks the token with Telegram first: a refused token is answered, not saved. */
export const telegramConnectResponseSchema = successResponseSchema(
  z.object({ problem: z.enum(TELEGRAM_PROBLEMS).nullable(), settings: telegramSettingsSchema }),
);
export type TelegramConnectResult = z.infer<typeof telegramConnectResponseSchema>['data'];
