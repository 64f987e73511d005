import { randomBytes } from 'node:crypto';
import type { Locale } from '../../shared/locales.js';
import type { TelegramProblem } from '../../shared/schemas/telegram-settings.js';
import type { Db } from '../db/database.js';
import {
  getStoredTelegramSettings,
  putStoredTelegramSettings,
  replaceStoredTelegramSettings,
  type StoredTelegramSettings,
} from '../repositories/telegram-settings-repository.js';
import type { SecretBox } from '../security/secret-box.js';
import { type Channel, DeliveryError, type Notification } from './channel.js';
import { getMe, getUpdates, sendMessage, TelegramApiError } from './telegram-bot-api.js';
import { telegramChannel } from './telegram-channel.js';

/** How long a connect link works: long enough to find the phone, short enough not to linger. */
const TELEGRAM_LINK_MINUTES = 10;

/** What the bot says in the chat once it is connected, in the owner's language. */
const CONNECTED_REPLY: Record<Locale, string> = {
  lotin: "Ulandi. Saytingizga yangi xabar kelganda shu yerda aytaman. Sozlamalarda sinov xabarini yuborib ko'ring.",
  russian: 'Подключено. Когда на сайт придёт новое сообщение, я напишу сюда. Отправьте пробное сообщение в настройках.',
  english: 'Connected. When your site gets a new message, I will tell you here. Try a test message in Settings.',
};

const newCode = () => randomBytes(16).toString('base64url');
const linkExpiry = (now: Date) => new Date(now.getTime() + TELEGRAM_LINK_MINUTES * 60_000).toISOString();

/** The one-time address that opens the bot with the code as its Start parameter. */
export const telegramStartLink = (settings: StoredTelegramSettings) =>
  settings.code ? `https://t.me/${settings.bot.username}?start=${settings.code}` : null;

/**
 * Checks the token with Telegram (`getMe`) and keeps it sealed with a new link to press Start on.
 * A token Telegram refuses, or a Telegram out of reach, is answered and nothing is saved.
 */
export async function connectTelegramBot(
  db: Db,
  secretBox: SecretBox,
  apiUrl: string,
  token: string,
  now = new Date(),
): Promise<TelegramProblem | null> {
  try {
    const bot = await getMe(apiUrl, token);
    await putStoredTelegramSettings(
      db,
      {
        sealedToken: secretBox.seal(token),
        bot,
        chatId: null,
        chatName: null,
        code: newCode(),
        codeExpiresAt: linkExpiry(now),
        offset: 0,
        problem: null,
      },
      now,
    );
    return null;
  } catch (error) {
    if (error instanceof TelegramApiError) return error.problem;
    throw error;
  }
}

/** A fresh link for the saved bot (the last one expired, or the owner wants to connect another chat). */
export async function renewTelegramLink(db: Db, now = new Date()): Promise<boolean> {
  const stored = await getStoredTelegramSettings(db);
  if (!stored) return false;
  await putStoredTelegramSettings(
    db,
    { ...stored.settings, code: newCode(), codeExpiresAt: linkExpiry(now), problem: null },
    now,
  );
  return true;
}

/** Whether a link waits for its Start now. */
export const linkWaiting = (settings: StoredTelegramSettings, now = new Date()) =>
  settings.code !== null && settings.codeExpiresAt !== null && Date.parse(settings.codeExpiresAt) > now.getTime();

/**
 * One look for the owner's `/start <code>` (the `telegram-link` job, every two seconds while a link
 * waits). Every update read is confirmed through `offset`; the chat is stored with a compare-and-set,
 * so when two processes read the same Start only one stores it and answers in the chat.
 */
export async function lookForTelegramStart(
  db: Db,
  secretBox: SecretBox,
  apiUrl: string,
  /** The owner's language, asked only when the bot has something to say. */
  locale: () => Locale | Promise<Locale>,
  now = new Date(),
): Promise<'connected' | 'waiting' | 'idle'> {
  const stored = await getStoredTelegramSettings(db);
  if (!stored || !linkWaiting(stored.settings, now)) return 'idle';
  const { settings, raw } = stored;
  const token = secretBox.open(settings.sealedToken);
  let problem: TelegramProblem | null = null;
  let updates: Awaited<ReturnType<typeof getUpdates>> = [];
  try {
    updates = await getUpdates(apiUrl, token, settings.offset);
  } catch (error) {
    if (!(error instanceof TelegramApiError)) throw error;
    problem = error.problem;
  }
  const start = updates.find((update) => update.text.trim() === `/start ${settings.code}` && update.chatId !== '');
  const offset = Math.max(settings.offset, ...updates.map((update) => update.updateId + 1));
  const next: StoredTelegramSettings = start
    ? { ...settings, chatId: start.chatId, chatName: start.chatName, code: null, codeExpiresAt: null, offset, problem }
    : { ...settings, offset, problem };
  if (JSON.stringify(next) === raw) return 'waiting';
  if (!(await replaceStoredTelegramSettings(db, raw, next, now)) || !start) return 'waiting';
  // The owner sees the page turn; the chat hears it too. A failed answer does not undo the connection.
  await sendMessage(apiUrl, token, start.chatId, CONNECTED_REPLY[await locale()]).catch(() => undefined);
  return 'connected';
}

/**
 * The Telegram channel when the environment sets none: it reads the stored bot and chat at each send,
 * so connecting or disconnecting in Settings applies at once in every process.
 */
export function storedTelegramChannel(db: Db, secretBox: SecretBox, apiUrl: string): Channel {
  return {
    async send(notification: Notification) {
      const stored = await getStoredTelegramSettings(db);
      if (!stored?.settings.chatId) throw new DeliveryError('The telegram channel is not configured', true);
      let botToken: string;
      try {
        botToken = secretBox.open(stored.settings.sealedToken);
      } catch {
        throw new DeliveryError('Telegram: the stored token cannot be opened with this secret key', true);
      }
      await telegramChannel({ botToken, chatId: stored.settings.chatId, apiUrl }).send(notification);
    },
  };
}
