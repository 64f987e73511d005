import type { Kysely } from 'kysely';
import type { Device } from '../../shared/device.js';
import type { MessageOrigin } from '../../shared/schemas/message-origin.js';
import type { Database } from '../db/schema.js';
import { referrerGroup } from '../stats/referrer-groups.js';

/** Visits further apart than this are two sittings, as analytics tools count a session. */
const SITTING_GAP_MS = 30 * 60 * 1000;
/** A writer's visits read for one message: enough for any person, bounded for a script. */
const MAX_VISITS = 500;

/**
 * Where the writers of these messages came from (decision 039): for each message with a counted
 * visitor whose visits are still kept, the first of those visits (its page, referrer and campaign:
 * how they found the site), the device, and the pages and time of the last sitting before writing.
 * One indexed read per writer (visits by visitor id). Messages without one are left out.
 */
export async function messageOrigins(db: Kysely<Database>, messageIds: string[]): Promise<Map<string, MessageOrigin>> {
  const origins = new Map<string, MessageOrigin>();
  if (messageIds.length === 0) return origins;
  const messages = await db
    .selectFrom('contact_messages')
    .select(['id', 'visitor_id', 'created_at'])
    .where('id', 'in', messageIds)
    .where('visitor_id', 'is not', null)
    .execute();
  for (const message of messages) {
    if (message.visitor_id === null) continue;
    const visits = await db
      .selectFrom('visits')
      .select(['visited_at', 'device', 'path', 'referrer_host', 'utm_source', 'utm_medium', 'utm_campaign'])
      .where('visitor_id', '=', message.visitor_id)
      .where('visited_at', '<=', message.created_at)
      .orderBy('visited_at')
      .limit(MAX_VISITS)
      .execute();
    const first = visits[0];
    const last = visits.at(-1);
    if (first === undefined || last === undefined) continue;
    // The last sitting: back from the last visit while visits follow each other closely.
    let start = visits.length - 1;
    while (
      start > 0 &&
      Date.parse(visits[start]?.visited_at ?? '') - Date.parse(visits[start - 1]?.visited_at ?? '') <= SITTING_GAP_MS
    ) {
      start--;
    }
    const sitting = visits.slice(start);
    origins.set(message.id, {
      firstVisitAt: first.visited_at,
      landingPage: first.path,
      referrer: first.referrer_host === null ? null : referrerGroup(first.referrer_host),
      source: first.utm_source,
      medium: first.utm_medium,
      campaign: first.utm_campaign,
      device: last.device as Device,
      visits: visits.length,
      pagesRead: sitting.map((visit) => visit.path),
      secondsBeforeWriting: Math.max(
        0,
        Math.round((Date.parse(message.created_at) - Date.parse(sitting[0]?.visited_at ?? message.created_at)) / 1000),
      ),
    });
  }
  return origins;
}
