import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Device } from '../../../shared/device.js';
import type { VisitBody } from '../../../shared/schemas/visitor.js';
import type { Database } from '../../db/schema.js';

export function hashVisitorToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export async function findVisitorIdByToken(db: Kysely<Database>, token: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('visitors')
    .select('id')
    .where('token_hash', '=', hashVisitorToken(token))
    .executeTakeFirst();
  return row?.id;
}

/** Creates a visitor and records its first visit in one transaction; answers the new token. */
export async function createVisitor(db: Kysely<Database>, device: Device, now = new Date()): Promise<string> {
  // 256 random bits, URL-safe: unguessable, and it identifies a visitor for statistics only.
  const token = randomBytes(32).toString('base64url');
  const visitorId = randomUUID();
  const timestamp = now.toISOString();
  await db.transaction().execute(async (transaction) => {
    await transaction
      .insertInto('visitors')
      .values({
        id: visitorId,
        token_hash: hashVisitorToken(token),
        device,
        created_at: timestamp,
        last_seen_at: timestamp,
      })
      .execute();
    await recordVisit(transaction, visitorId, device, undefined, now);
  });
  return token;
}

export async function recordVisit(
  db: Kysely<Database>,
  visitorId: string,
  device: Device,
  details: VisitBody,
  now = new Date(),
): Promise<void> {
  const timestamp = now.toISOString();
  await db
    .insertInto('visits')
    .values({
      id: randomUUID(),
      visitor_id: visitorId,
      device,
      visited_on: timestamp.slice(0, 10),
      visited_at: timestamp,
      path: details?.path ?? null,
      locale: details?.locale ?? null,
      theme: details?.theme ?? null,
      // Only the referring host is kept: enough for statistics, nothing personal from the URL.
      referrer_host: details?.referrer ? new URL(details.referrer).host : null,
    })
    .execute();
  await db.updateTable('visitors').set({ last_seen_at: timestamp }).where('id', '=', visitorId).execute();
}

export interface DailyStatistics {
  day: string;
  visitors: number;
  visits: number;
}

/** Unique visitors and visits per day, newest first: one indexed GROUP BY. */
export async function dailyStatistics(db: Kysely<Database>, days = 30): Promise<DailyStatistics[]> {
  const rows = await db
    .selectFrom('visits')
    .select((eb) => [
      'visited_on as day',
      eb.fn.count<string | number>('visitor_id').distinct().as('visitors'),
      eb.fn.countAll<string | number>().as('visits'),
    ])
    .groupBy('visited_on')
    .orderBy('visited_on', 'desc')
    .limit(days)
    .execute();
  return rows.map((row) => ({ day: row.day, visitors: Number(row.visitors), visits: Number(row.visits) }));
}

export type BreakdownColumn = 'device' | 'locale' | 'path';

/** Visits per device, language or page (PostgreSQL answers counts as strings; both become numbers). */
export async function visitsBy(
  db: Kysely<Database>,
  column: BreakdownColumn,
): Promise<{ value: string | null; visits: number }[]> {
  const rows = await db
    .selectFrom('visits')
    .select((eb) => [`${column} as value`, eb.fn.countAll<string | number>().as('visits')])
    .groupBy(column)
    .orderBy('visits', 'desc')
    .execute();
  return rows.map((row) => ({ value: row.value as string | null, visits: Number(row.visits) }));
}
