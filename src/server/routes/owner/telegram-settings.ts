import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  type TelegramSettings,
  telegramConnectBodySchema,
  telegramConnectResponseSchema,
  telegramSettingsResponseSchema,
} from '../../../shared/schemas/telegram-settings.js';
import { qrCodeSvg } from '../../auth/totp.js';
import type { NotificationSettings } from '../../config.js';
import type { Db } from '../../db/database.js';
import { AppError } from '../../errors.js';
import { connectTelegramBot, linkWaiting, renewTelegramLink, telegramStartLink } from '../../outbox/stored-telegram.js';
import { createRateLimit } from '../../rate-limit/rate-limit.js';
import {
  deleteStoredTelegramSettings,
  getStoredTelegramSettings,
} from '../../repositories/telegram-settings-repository.js';
import type { SecretBox } from '../../security/secret-box.js';
import { errorResponses, ok } from '../responses.js';

export interface TelegramSettingsRoutesOptions {
  db: Db;
  notifications: NotificationSettings;
  secretBox: SecretBox;
  /** Where the Bot API answers (TELEGRAM_API_URL; tests give a local stand-in). */
  telegramApiUrl: string;
}

const fromEnvironment = () =>
  new AppError(
    409,
    'telegram_from_environment',
    "Telegram is set by the server's environment (TELEGRAM_BOT_TOKEN, TELEGRAM_CHAT_ID)",
  );

const NONE: TelegramSettings = {
  source: 'none',
  state: 'none',
  bot: null,
  chat: null,
  link: null,
  qrCode: null,
  expiresAt: null,
  problem: null,
};

/**
 * Telegram in Settings (issue 28, decision 035): the owner pastes the bot's token, the server checks it
 * with `getMe` and answers a one-time link (and its QR code) to press Start on; the `telegram-link` job
 * learns the chat from that Start. The token stays on the server, sealed, and is never answered.
 */
export const telegramSettingsRoutes: FastifyPluginAsync<TelegramSettingsRoutesOptions> = async (
  app,
  { db, notifications, secretBox, telegramApiUrl },
) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  // Connecting asks Telegram: a few times a minute is plenty for a person.
  const outgoingLimit = createRateLimit(db, { name: 'owner-telegram-connect', points: 20, windowMs: 10 * 60_000 });

  const current = async (): Promise<TelegramSettings> => {
    if (notifications.telegram) {
      return { ...NONE, source: 'environment', state: 'connected', chat: notifications.telegram.chatId };
    }
    const stored = (await getStoredTelegramSettings(db))?.settings;
    if (!stored) return NONE;
    const bot = { username: stored.bot.username, name: stored.bot.name };
    if (stored.chatId && !linkWaiting(stored)) {
      return { ...NONE, source: 'settings', state: 'connected', bot, chat: stored.chatName ?? stored.chatId };
    }
    const link = linkWaiting(stored) ? telegramStartLink(stored) : null;
    return {
      source: 'settings',
      state: 'waiting',
      bot,
      chat: stored.chatName,
      link,
      qrCode: link ? qrCodeSvg(link) : null,
      expiresAt: link ? stored.codeExpiresAt : null,
      problem: stored.problem,
    };
  };

  api.get('/owner/telegram', {
    schema: {
      summary: 'Telegram: the connected bot and chat, or the link waiting for Start (never the token)',
      description:
        '`source: environment` when TELEGRAM_BOT_TOKEN and TELEGRAM_CHAT_ID are set: they win and cannot be changed here.',
      response: { 200: telegramSettingsResponseSchema },
    },
    handler: async () => ok(await current()),
  });

  api.put('/owner/telegram', {
    schema: {
      summary: "Check a bot token with Telegram and keep it, with a one-time link to the bot's Start",
      description: 'A token Telegram refuses is answered as `problem` and not saved. The token is stored sealed.',
      body: telegramConnectBodySchema,
      response: { 200: telegramConnectResponseSchema, ...errorResponses(409, 429) },
    },
    preHandler: outgoingLimit,
    handler: async (request) => {
      if (notifications.telegram) throw fromEnvironment();
      const problem = await connectTelegramBot(db, secretBox, telegramApiUrl, request.body.token);
      return ok({ problem, settings: await current() }, problem ? 'Not saved' : 'Saved');
    },
  });

  api.post('/owner/telegram/link', {
    schema: {
      summary: 'A new one-time link for the saved bot',
      response: { 200: telegramSettingsResponseSchema, ...errorResponses(404, 409) },
    },
    handler: async () => {
      if (notifications.telegram) throw fromEnvironment();
      if (!(await renewTelegramLink(db))) throw new AppError(404, 'not_found', 'No bot is saved');
      return ok(await current());
    },
  });

  api.delete('/owner/telegram', {
    schema: {
      summary: 'Disconnect Telegram: forget the bot, its token and the chat',
      response: { 200: telegramSettingsResponseSchema, ...errorResponses(409) },
    },
    handler: async () => {
      if (notifications.telegram) throw fromEnvironment();
      await deleteStoredTelegramSettings(db);
      return ok(await current(), 'Disconnected');
    },
  });
};
