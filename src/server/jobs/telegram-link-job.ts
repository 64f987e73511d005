import type { Locale } from '../../shared/locales.js';
import type { Db } from '../db/database.js';
import { lookForTelegramStart } from '../outbox/stored-telegram.js';
import type { SecretBox } from '../security/secret-box.js';
import type { Job } from './scheduler.js';

/**
 * While a Telegram connect link waits (ten minutes at most), asks Telegram every two seconds whether
 * the owner pressed Start. Otherwise each turn is one read of one row: no call leaves the machine.
 */
export function telegramLinkJob(
  db: Db,
  {
    secretBox,
    apiUrl,
    locale,
    intervalMs = 2000,
  }: { secretBox: SecretBox; apiUrl: string; locale: () => Locale | Promise<Locale>; intervalMs?: number },
): Job {
  return {
    name: 'telegram-link',
    intervalMs,
    async run({ log }) {
      if ((await lookForTelegramStart(db, secretBox, apiUrl, locale)) === 'connected') {
        log.info('Telegram is connected: the owner pressed Start on the link');
      }
    },
  };
}
