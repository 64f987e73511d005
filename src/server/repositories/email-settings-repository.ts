import type { Kysely } from 'kysely';
import { z } from 'zod';
import { SMTP_SECURITY } from '../../shared/schemas/email-settings.js';
import type { NotificationChannel } from '../../shared/schemas/owner.js';
import { configuredChannels, type NotificationSettings } from '../config.js';
import type { Database, NotificationJobTable } from '../db/schema.js';
import { ownerSetting, parsedSetting, putOwnerSetting } from './owner-settings-repository.js';
import { getStoredTelegramSettings } from './telegram-settings-repository.js';

/**
 * E-mail set up in Settings, one `owner_settings` row of JSON, so a change is one write that every
 * process reads at its next send. The password is kept sealed (security/secret-box.ts), never in clear.
 */
const EMAIL_SETTINGS_KEY = 'email_delivery';

const storedEmailSettingsSchema = z.object({
  host: z.string(),
  port: z.number().int(),
  security: z.enum(SMTP_SECURITY),
  user: z.string(),
  /** The password sealed by the secret box, or null when there is none. */
  sealedPassword: z.string().nullable(),
  from: z.string(),
  to: z.string(),
});
export type StoredEmailSettings = z.infer<typeof storedEmailSettingsSchema>;

export async function getStoredEmailSettings(db: Kysely<Database>): Promise<StoredEmailSettings | undefined> {
  return parsedSetting(storedEmailSettingsSchema, await ownerSetting(db, EMAIL_SETTINGS_KEY));
}

export async function putStoredEmailSettings(db: Kysely<Database>, settings: StoredEmailSettings, now = new Date()) {
  await putOwnerSetting(db, EMAIL_SETTINGS_KEY, JSON.stringify(settings), now);
}

/** One outbox job by id (the test message the page follows until it is delivered). */
export async function getNotificationJob(db: Kysely<Database>, id: string): Promise<NotificationJobTable | undefined> {
  return db.selectFrom('notification_jobs').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * The channels a notification goes out on now: those of the environment, e-mail when it is set up in
 * Settings, and Telegram once its chat is connected there. Read at each use, so a change in Settings
 * applies at once in every process.
 */
export async function activeChannels(
  db: Kysely<Database>,
  notifications: NotificationSettings,
): Promise<NotificationChannel[]> {
  const channels = configuredChannels(notifications);
  if (!channels.includes('email') && (await getStoredEmailSettings(db))) channels.unshift('email');
  if (!channels.includes('telegram') && (await getStoredTelegramSettings(db))?.settings.chatId) {
    channels.push('telegram');
  }
  return channels;
}
