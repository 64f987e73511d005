import type { FastifyReply, FastifyRequest } from 'fastify';
import type { NotificationKind } from '../../shared/schemas/owner.js';
import { hitRateLimit } from '../rate-limit/rate-limit-store.js';
import { activeChannels } from '../repositories/email-settings-repository.js';
import { enqueueNotification } from '../repositories/notification-repository.js';
import { knownDevice, rememberDevice } from '../repositories/owner-device-repository.js';
import { noticeChoices } from '../repositories/owner-settings-repository.js';
import { readDeviceToken, setDeviceCookie } from './device-cookie.js';
import type { OwnerAuthContext } from './owner-auth-context.js';

/** Failed sign-ins, from anywhere, in an hour that make the owner hear of it (once that hour). */
const FAILED_SIGN_IN_ALERT_COUNT = 20;
const FAILED_SIGN_IN_ALERT_WINDOW_MS = 60 * 60_000;

/**
 * Queues a notification about the owner's sign-in on every configured channel, to go now or, given
 * `sendAt`, not before then (in one transaction, so no worker sends it before its time is set).
 */
export async function notifyOwner(
  context: OwnerAuthContext,
  kind: NotificationKind,
  payload: Record<string, unknown>,
  now = new Date(),
  sendAt?: Date,
): Promise<void> {
  // E-mail set up in Settings counts as soon as it is saved, in every process.
  const channels = await activeChannels(context.db, context.notifications);
  const withOrigin = { ...payload, origin: context.siteOrigin() };
  if (sendAt) {
    await context.db.transaction().execute(async (transaction) => {
      for (const channel of channels) {
        const job = await enqueueNotification(transaction, channel, kind, withOrigin, now);
        await transaction
          .updateTable('notification_jobs')
          .set({ next_attempt_at: sendAt.toISOString() })
          .where('id', '=', job.id)
          .execute();
      }
    });
    return;
  }
  for (const channel of channels) await enqueueNotification(context.db, channel, kind, withOrigin, now);
  if (channels.length > 0) context.onQueued();
}

/**
 * Counts a failed sign-in in one site-wide counter (the same atomic upsert as the rate limits), and
 * tells the owner when it reaches the alert count: exactly one request sees that number, so the
 * owner hears of it once an hour at most, however many processes count.
 */
export async function noteFailedSignIn(context: OwnerAuthContext, now = new Date()): Promise<void> {
  const hit = await hitRateLimit(context.db, 'sign-in-failures:site', FAILED_SIGN_IN_ALERT_WINDOW_MS, now);
  if (hit.points === FAILED_SIGN_IN_ALERT_COUNT) {
    await notifyOwner(context, 'failed_sign_ins', { count: FAILED_SIGN_IN_ALERT_COUNT, at: now.toISOString() }, now);
  }
}

/** After a sign-in: a browser not seen before gets its device cookie, and the owner is told (unless turned off). */
export async function noteSignIn(
  context: OwnerAuthContext,
  request: FastifyRequest,
  reply: FastifyReply,
  device: string,
  now = new Date(),
): Promise<void> {
  const token = readDeviceToken(request);
  if (token && (await knownDevice(context.db, token, now))) return;
  setDeviceCookie(request, reply, await rememberDevice(context.db, device, now));
  // The owner may turn this notice off in Settings (decision 037); failed sign-ins are always told.
  if (!(await noticeChoices(context.db)).signIns) return;
  await notifyOwner(context, 'new_sign_in', { device, at: now.toISOString() }, now);
}
