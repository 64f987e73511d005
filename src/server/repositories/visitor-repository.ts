import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Device } from '../../shared/device.js';
import { type VisitBody, visitorKeySchema } from '../../shared/schemas/visitor.js';
import type { Database } from '../db/schema.js';
import { countryCode } from '../stats/country.js';
import { countedCampaignValue, countedPath, countedReferrerHost } from '../stats/visit-values.js';

function hashVisitorToken(token: string): string {
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

/** Looks up the visitor named by a well-formed key; a malformed key names nobody. */
export async function visitorIdFromKey(db: Kysely<Database>, key: string | undefined): Promise<string | undefined> {
  if (!key || !visitorKeySchema.safeParse(key).success) return undefined;
  return findVisitorIdByToken(db, key);
}

/**
 * Facts about one visit as the visitor sent them; `siteHost` is the site's own host, which is never
 * counted as a referrer. Only values the site knows are stored (`stats/visit-values.ts`).
 */
export type VisitFacts = NonNullable<VisitBody> & {
  siteHost?: string;
  /** Whether an entry's address is one the site serves (the visitor routes ask the served snapshot). */
  isEntryPage?: (path: string) => boolean;
  /** The two-letter country the server found (`stats/country.ts`); never from the body, never an address. */
  country?: string | null;
};

/** Creates a visitor and records its first visit in one transaction; answers the new token. */
export async function createVisitor(
  db: Kysely<Database>,
  device: Device,
  now = new Date(),
  details: VisitFacts = {},
): Promise<string> {
  // 256 random bits, URL-safe: unguessable, and it identifies a visitor for statistics only.
  const token = newVisitorToken();
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
    await insertVisit(transaction, visitorId, device, details, now, null);
  });
  return token;
}

/** A token in the shape of a real one; also what an uncounted caller gets, stored nowhere. */
export function newVisitorToken(): string {
  return randomBytes(32).toString('base64url');
}

export async function recordVisit(
  db: Kysely<Database>,
  visitorId: string,
  device: Device,
  details: VisitFacts | null | undefined,
  now = new Date(),
): Promise<void> {
  // Together: the statistics count visitors by `last_seen_at` and by each visit's previous one.
  await db.transaction().execute(async (transaction) => {
    const visitor = await transaction
      .selectFrom('visitors')
      .select('last_seen_at')
      .where('id', '=', visitorId)
      .executeTakeFirst();
    await insertVisit(transaction, visitorId, device, details ?? {}, now, visitor?.last_seen_at.slice(0, 10));
    await transaction
      .updateTable('visitors')
      .set({ last_seen_at: now.toISOString() })
      .where('id', '=', visitorId)
      .execute();
  });
}

async function insertVisit(
  db: Kysely<Database>,
  visitorId: string,
  device: Device,
  details: VisitFacts,
  now: Date,
  /** The day of the visitor's previous visit; null for its first. */
  previousVisitOn: string | null | undefined,
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
      path: countedPath(details.path, details.isEntryPage),
      locale: details.locale ?? null,
      theme: details.theme ?? null,
      referrer_host: countedReferrerHost(details.referrer, details.siteHost),
      utm_source: countedCampaignValue(details.source),
      utm_medium: countedCampaignValue(details.medium),
      utm_campaign: countedCampaignValue(details.campaign),
      country: countryCode(details.country),
      first_visit: previousVisitOn === null ? 1 : 0,
      previous_visit_on: previousVisitOn ?? null,
    })
    .execute();
}
