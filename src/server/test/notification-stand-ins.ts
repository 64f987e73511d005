import { afterAll, beforeAll } from 'vitest';
import type { NotificationSettings } from '../config.js';
import { startTestSmtp, type TestSmtp } from './smtp.js';
import { type FakeBotApi, startFakeBotApi, TELEGRAM_TOKEN } from './telegram.js';

type Channel = 'email' | 'telegram';

/**
 * Notification settings that send to the test SMTP server and, when one is given, the fake Bot API:
 * on the channels named, or on every channel there is a stand-in for.
 */
export function standInSettings(
  { smtp, bot }: { smtp: TestSmtp; bot?: FakeBotApi },
  channels: Channel[] = bot ? ['email', 'telegram'] : ['email'],
): NotificationSettings {
  return {
    email: channels.includes('email')
      ? { smtpUrl: smtp.url, from: 'Sahifa <site@example.uz>', to: 'owner@example.uz' }
      : undefined,
    telegram:
      bot && channels.includes('telegram')
        ? { botToken: TELEGRAM_TOKEN, chatId: '424242', apiUrl: bot.url }
        : undefined,
    locale: 'english',
    retrySeconds: 15,
  };
}

export interface NotificationStandIns {
  smtp: TestSmtp;
  bot: FakeBotApi;
  /** Forgets what both received and the answers queued for the bot, as a new test expects. */
  clear: () => void;
  stop: () => Promise<void>;
}

/** The SMTP server and the fake Bot API together, for the suites that notify on both channels. */
async function startNotificationStandIns(): Promise<NotificationStandIns> {
  const [smtp, bot] = await Promise.all([startTestSmtp(), startFakeBotApi()]);
  return {
    smtp,
    bot,
    clear: () => {
      smtp.messages.length = 0;
      bot.calls.length = 0;
      bot.answers.length = 0;
    },
    stop: async () => {
      await Promise.all([smtp.stop(), bot.close()]);
    },
  };
}

/**
 * The stand-ins for the `describe` block it is called in: started before the block's tests and
 * stopped after them. Read `smtp` and `bot` inside a test or a hook (sooner, it throws).
 */
export function notificationStandInsForBlock(): Omit<NotificationStandIns, 'stop'> {
  let started: NotificationStandIns | undefined;
  beforeAll(async () => {
    started = await startNotificationStandIns();
  });
  afterAll(async () => started?.stop());
  const current = () => {
    if (!started) throw new Error('The notification stand-ins start in beforeAll: read them inside a test or a hook');
    return started;
  };
  return {
    get smtp() {
      return current().smtp;
    },
    get bot() {
      return current().bot;
    },
    clear: () => current().clear(),
  };
}
