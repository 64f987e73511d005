import { randomUUID } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import type { Delivery, NotificationChannel, NotificationKind } from '../../shared/schemas/owner.js';
import { skipLockedRows } from '../db/database.js';
import type { Database, NotificationJobTable } from '../db/schema.js';

/** A claimed job is leased to its worker this long; a worker that dies mid-send loses it after that. */
const LEASE_MS = 2 * 60_000;
/** Failed deliveries are retried for at least this long before they are given up. */
export const GIVE_UP_AFTER_MS = 3 * 24 * 60 * 60_000;

export function toDelivery(job: NotificationJobTable): Delivery {
  return {
    id: job.id,
    channel: job.channel,
    kind: job.kind,
    status: job.status,
    attempts: Number(job.attempts),
    lastError: job.last_error,
    nextAttemptAt: job.next_attempt_at,
    createdAt: job.created_at,
    sentAt: job.sent_at,
  };
}

export async function enqueueNotification(
  db: Kysely<Database>,
  channel: NotificationChannel,
  kind: NotificationKind,
  payload: unknown = null,
  now = new Date(),
): Promise<NotificationJobTable> {
  const job: NotificationJobTable = {
    id: randomUUID(),
    message_id: null,
    channel,
    kind,
    payload: payload === null ? null : JSON.stringify(payload),
    status: 'pending',
    attempts: 0,
    next_attempt_at: now.toISOString(),
    locked_until: null,
    last_error: null,
    created_at: now.toISOString(),
    sent_at: null,
  };
  await db.insertInto('notification_jobs').values(job).execute();
  return job;
}

/**
 * Claims up to `limit` due jobs for this worker and leases them, atomically: two workers (two
 * processes on one PostgreSQL, or on one SQLite file) never claim the same job (`skipLockedRows`).
 */
export async function claimDueJobs(
  db: Kysely<Database>,
  limit: number,
  now = new Date(),
): Promise<NotificationJobTable[]> {
  const timestamp = now.toISOString();
  const lease = new Date(now.getTime() + LEASE_MS).toISOString();
  const due = sql`select id from notification_jobs
    where status = 'pending' and next_attempt_at <= ${timestamp}
      and (locked_until is null or locked_until <= ${timestamp})
    order by next_attempt_at limit ${limit} ${skipLockedRows(db)}`;
  const result = await sql<NotificationJobTable>`update notification_jobs
    set locked_until = ${lease}, attempts = attempts + 1
    where id in (${due})
    returning *`.execute(db);
  return result.rows;
}

export async function markSent(db: Kysely<Database>, id: string, now = new Date()): Promise<void> {
  await db
    .updateTable('notification_jobs')
    .set({ status: 'sent', sent_at: now.toISOString(), locked_until: null, last_error: null })
    .where('id', '=', id)
    .execute();
}

/** A failed attempt: try again after `delayMs`, unless the job has been failing for three days. */
export async function markRetry(
  db: Kysely<Database>,
  job: Pick<NotificationJobTable, 'id' | 'created_at'>,
  error: string,
  delayMs: number,
  now = new Date(),
): Promise<'retry' | 'failed'> {
  if (now.getTime() - Date.parse(job.created_at) >= GIVE_UP_AFTER_MS) {
    await markFailed(db, job.id, `${error} (gave up after three days)`);
    return 'failed';
  }
  await db
    .updateTable('notification_jobs')
    .set({
      status: 'pending',
      next_attempt_at: new Date(now.getTime() + delayMs).toISOString(),
      locked_until: null,
      last_error: error.slice(0, 1000),
    })
    .where('id', '=', job.id)
    .execute();
  return 'retry';
}

/** A refusal that trying again cannot fix (a wrong chat id, a rejected address): shown to the owner. */
export async function markFailed(db: Kysely<Database>, id: string, error: string): Promise<void> {
  await db
    .updateTable('notification_jobs')
    .set({ status: 'failed', locked_until: null, last_error: error.slice(0, 1000) })
    .where('id', '=', id)
    .execute();
}

/** Queues a delivery again now, with three fresh days of retries. */
export async function resendJob(
  db: Kysely<Database>,
  id: string,
  now = new Date(),
): Promise<NotificationJobTable | undefined> {
  await db
    .updateTable('notification_jobs')
    .set({
      status: 'pending',
      next_attempt_at: now.toISOString(),
      created_at: now.toISOString(),
      locked_until: null,
      sent_at: null,
    })
    .where('id', '=', id)
    .execute();
  return db.selectFrom('notification_jobs').selectAll().where('id', '=', id).executeTakeFirst();
}

/** What the owner should see: deliveries waiting after a failure, and those that failed for good. */
export async function listDeliveryProblems(db: Kysely<Database>, limit = 50) {
  const jobs = await db
    .selectFrom('notification_jobs')
    .selectAll()
    .where((eb) =>
      eb.or([eb('status', '=', 'failed'), eb.and([eb('status', '=', 'pending'), eb('last_error', 'is not', null)])]),
    )
    .orderBy('created_at', 'desc')
    .limit(limit)
    .execute();
  return jobs.map((job) => ({ ...toDelivery(job), messageId: job.message_id }));
}

export async function countPending(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom('notification_jobs')
    .select((eb) => eb.fn.countAll<string | number>().as('count'))
    .where('status', '=', 'pending')
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
