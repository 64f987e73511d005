import { z } from 'zod';
import type { Db } from '../db/database.js';
import { ownerSetting, parsedSetting, putOwnerSetting } from './owner-settings-repository.js';

/**
 * Telegram connected in Settings, one `owner_settings` row of JSON, so a change is one write every
 * process reads at its next send. The bot token is kept sealed (security/secret-box.ts), never in clear.
 */
const TELEGRAM_SETTINGS_KEY = 'telegram_delivery';

const storedTelegramSettingsSchema = z.object({
  sealedToken: z.string(),
  bot: z.object({ id: z.number(), username: z.string(), name: z.string() }),
  /** The chat the owner pressed Start in, once known. */
  chatId: z.string().nullable(),
  chatName: z.string().nullable(),
  /** The one-time code of the link `https://t.me/<bot>?start=<code>`, while it waits. */
  code: z.string().nullable(),
  codeExpiresAt: z.string().nullable(),
  /** The next update to ask Telegram for: the ones before it were read. */
  offset: z.number().int(),
  problem: z.enum(['unreachable', 'webhook_set', 'failed', 'token_refused']).nullable(),
});
export type StoredTelegramSettings = z.infer<typeof storedTelegramSettingsSchema>;

/** The stored settings and the row's text as read, for a compare-and-set write. */
export async function getStoredTelegramSettings(
  db: Db,
): Promise<{ settings: StoredTelegramSettings; raw: string } | undefined> {
  const raw = await ownerSetting(db, TELEGRAM_SETTINGS_KEY);
  const settings = parsedSetting(storedTelegramSettingsSchema, raw);
  return settings === undefined || raw === undefined ? undefined : { settings, raw };
}

export async function putStoredTelegramSettings(db: Db, settings: StoredTelegramSettings, now = new Date()) {
  await putOwnerSetting(db, TELEGRAM_SETTINGS_KEY, JSON.stringify(settings), now);
}

/**
 * Writes `next` only if the row still reads `raw`: of two processes that saw the same `/start`, one
 * stores the chat and answers in it, the other learns it lost and does nothing.
 */
export async function replaceStoredTelegramSettings(
  db: Db,
  raw: string,
  next: StoredTelegramSettings,
  now = new Date(),
): Promise<boolean> {
  const result = await db
    .updateTable('owner_settings')
    .set({ value: JSON.stringify(next), updated_at: now.toISOString() })
    .where('key', '=', TELEGRAM_SETTINGS_KEY)
    .where('value', '=', raw)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function deleteStoredTelegramSettings(db: Db): Promise<void> {
  await db.deleteFrom('owner_settings').where('key', '=', TELEGRAM_SETTINGS_KEY).execute();
}
