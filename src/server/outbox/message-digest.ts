import { OWNER_PATHS } from '../../shared/paths.js';
import type { DigestHours } from '../../shared/schemas/notices.js';
import type { NotificationSettings } from '../config.js';
import type { Db } from '../db/database.js';
import { activeChannels } from '../repositories/email-settings-repository.js';
import { enqueueNotification } from '../repositories/notification-repository.js';
import {
  claimDigestPeriod,
  digestClaimedUntil,
  effectiveNoticeLocale,
  type NoticeChoices,
  noticeChoices,
} from '../repositories/owner-settings-repository.js';
import { digestContent } from './notification-text.js';

/**
 * The digest of new messages (decision 037): when the owner chose it, a new message queues nothing
 * at once, and at the end of each period (every 1, 3, 6, 12 or 24 hours from 00:00 UTC) one
 * notification on every active channel lists the messages since the last digest.
 */

const HOUR_MS = 3_600_000;
/** A period is summed up a minute after it ends, so a message stored at its last instant is in. */
const GRACE_MS = 60_000;
/** Lines listed; more are counted ("and 12 more"): the inbox has them all. */
const LISTED = 50;

/** The end of the last period of `hours` that closed (with the grace) by `now`, as an ISO time. */
export function lastPeriodEnd(now: Date, hours: DigestHours): string {
  const period = hours * HOUR_MS;
  return new Date(Math.floor((now.getTime() - GRACE_MS) / period) * period).toISOString();
}

export type DigestOutcome = 'queued' | 'each' | 'nothing_new' | 'no_channel' | 'already_queued';

export interface MessageDigestOptions {
  notifications: NotificationSettings;
  publicUrl?: string;
}

/**
 * Queues the digest of the period that just closed, when digests are chosen and there is something
 * to tell. Safe in every process at any time: the period is claimed in one statement in the
 * transaction that queues the notifications, so two processes never queue one period twice.
 */
export async function queueMessageDigest(
  db: Db,
  { notifications, publicUrl }: MessageDigestOptions,
  now = new Date(),
  /**
   * The last digest of a mode the owner just left (back to each message): the choices as they were,
   * and the period closed now instead of at its end, so what the digest still held is told.
   */
  leaving?: NoticeChoices,
): Promise<DigestOutcome> {
  const choices = leaving ?? (await noticeChoices(db));
  if (choices.messages !== 'digest' || choices.digestSince === undefined) return 'each';
  const until = leaving ? now.toISOString() : lastPeriodEnd(now, choices.digestHours);
  const claimed = await digestClaimedUntil(db);
  if (claimed !== undefined && claimed >= until) return 'already_queued';
  // Since the last digest, but never before digests began: earlier messages were told one by one.
  const from = claimed !== undefined && claimed > choices.digestSince ? claimed : choices.digestSince;
  if (from >= until) return 'nothing_new';
  const channels = await activeChannels(db, notifications);
  // Not claimed: once a channel is set up, the messages since the last digest are still told.
  if (channels.length === 0) return 'no_channel';
  const messages = await db
    .selectFrom('contact_messages')
    .select(['name', 'email', 'message'])
    .where('created_at', '>=', from)
    .where('created_at', '<', until)
    .where('state', 'not in', ['spam', 'trash'])
    .orderBy('created_at')
    .execute();
  // Nothing to tell: not claimed either, so a message stored late in the period is in the next one.
  if (messages.length === 0) return 'nothing_new';
  const content = digestContent(
    messages.slice(0, LISTED),
    { from, until, more: messages.length - Math.min(messages.length, LISTED) },
    effectiveNoticeLocale(notifications, choices),
    publicUrl && `${publicUrl}${OWNER_PATHS.inbox}`,
  );
  return db.transaction().execute(async (transaction) => {
    if (!(await claimDigestPeriod(transaction, until, now))) return 'already_queued';
    for (const channel of channels) await enqueueNotification(transaction, channel, 'digest', content, now);
    return 'queued';
  });
}
