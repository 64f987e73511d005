import type { FastifyBaseLogger } from 'fastify';
import type { NotificationChannel } from '../../shared/schemas/owner.js';
import type { NotificationSettings } from '../config.js';
import type { Db } from '../db/database.js';
import type { NotificationJobTable } from '../db/schema.js';
import { getMessage } from '../repositories/contact-repository.js';
import { claimDueJobs, markFailed, markRetry, markSent } from '../repositories/notification-repository.js';
import { noticeLocale } from '../repositories/owner-settings-repository.js';
import { type Channel, DeliveryError, type Notification } from './channel.js';
import { emailChannel } from './email-channel.js';
import { messageNotification, preparedNotification, testNotification } from './notification-text.js';
import { isSecurityNotification, securityNotification } from './security-notifications.js';
import { telegramChannel } from './telegram-channel.js';

const POLL_MS = 5_000;
const BATCH = 10;
const MAX_DELAY_MS = 60 * 60_000;

/** Exponential backoff: the first retry after `base` seconds (plus up to 20% jitter), doubling to an hour. */
export function retryDelayMs(attempts: number, baseSeconds: number, random = Math.random): number {
  const delay = Math.min(MAX_DELAY_MS, baseSeconds * 1000 * 2 ** Math.max(0, attempts - 1));
  return Math.round(delay * (1 + random() * 0.2));
}

/**
 * Delivers the outbox's jobs from inside the server process. Several processes may run one each on
 * the same database: a job is claimed atomically and leased, so it is sent once. A job survives
 * restarts in the table; a failed attempt is retried with backoff for three days, and a permanent
 * refusal is kept with its error for the owner to see.
 */
export class OutboxWorker {
  private readonly channels: Partial<Record<NotificationChannel, Channel>> = {};
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  private stopped = true;

  constructor(
    private readonly db: Db,
    private readonly settings: NotificationSettings,
    private readonly log: FastifyBaseLogger,
    /** Channels set up in Settings (stored-email.ts, stored-telegram.ts), used where the environment sets none. */
    stored: Partial<Record<NotificationChannel, Channel>> = {},
  ) {
    if (settings.email) this.channels.email = emailChannel(settings.email);
    else if (stored.email) this.channels.email = stored.email;
    if (settings.telegram) this.channels.telegram = telegramChannel(settings.telegram);
    else if (stored.telegram) this.channels.telegram = stored.telegram;
  }

  start(): void {
    this.stopped = false;
    this.kick();
  }

  /** Runs now (a message just arrived); a run already under way runs once more afterwards. */
  kick(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    clearTimeout(this.timer);
    this.running = this.runOnce()
      .catch((error: unknown) => this.log.error({ err: error }, 'outbox run failed'))
      .finally(() => {
        this.running = undefined;
        if (this.stopped) return;
        if (this.again) {
          this.again = false;
          this.kick();
        } else {
          this.timer = setTimeout(() => this.kick(), POLL_MS);
          this.timer.unref();
        }
      });
  }

  /** Stops polling and waits for the deliveries under way. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
    for (const channel of Object.values(this.channels)) channel.close?.();
  }

  /** One pass: every due job, in batches. */
  async runOnce(now = () => new Date()): Promise<void> {
    for (;;) {
      const jobs = await claimDueJobs(this.db, BATCH, now());
      // A batch goes out at once; each job is leased to this worker alone, so nothing is sent twice.
      await Promise.all(jobs.map((job) => this.deliver(job, now)));
      if (jobs.length < BATCH) return;
    }
  }

  private async notificationFor(job: NotificationJobTable): Promise<Notification | undefined> {
    if (job.kind === 'summary' || job.kind === 'digest') return preparedNotification(job.id, job.payload);
    // Read at each send: a language chosen in Settings counts at once in every process (decision 037).
    const locale = await noticeLocale(this.db, this.settings);
    if (job.kind === 'test') return testNotification(job.id, locale);
    if (isSecurityNotification(job.kind)) return securityNotification(this.db, job, locale);
    const message = job.message_id ? await getMessage(this.db, job.message_id) : undefined;
    return message && messageNotification(job.id, message, locale);
  }

  private async deliver(job: NotificationJobTable, now: () => Date): Promise<void> {
    const channel = this.channels[job.channel];
    const log = this.log.child({ notificationJobId: job.id, channel: job.channel, attempt: Number(job.attempts) });
    if (!channel) {
      await markFailed(this.db, job.id, `The ${job.channel} channel is not configured`);
      log.warn('notification failed: its channel is not configured any more');
      return;
    }
    const notification = await this.notificationFor(job);
    if (!notification) {
      await markFailed(this.db, job.id, 'Nothing to send: the message was deleted');
      return;
    }
    try {
      await channel.send(notification);
      await markSent(this.db, job.id, now());
      log.info('notification sent');
    } catch (error) {
      const failure = error instanceof DeliveryError ? error : new DeliveryError(String(error));
      if (failure.permanent) {
        await markFailed(this.db, job.id, failure.message);
        log.error({ reason: failure.message }, 'notification refused; it will not be retried');
        return;
      }
      const delay = failure.retryAfterMs ?? retryDelayMs(Number(job.attempts), this.settings.retrySeconds);
      const outcome = await markRetry(this.db, job, failure.message, delay, now());
      log.warn(
        { reason: failure.message, retryInMs: outcome === 'retry' ? delay : undefined },
        'notification not sent',
      );
    }
  }
}
