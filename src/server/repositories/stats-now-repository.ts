import type { Kysely } from 'kysely';
import { NOW_PAGES_LIMIT, NOW_WINDOW_MINUTES, type StatsNow } from '../../shared/schemas/stats-now.js';
import type { Database } from '../db/schema.js';

/**
 * The visitors of the last five minutes and the page each is on (decision 044): the page of each
 * one's latest visit in the window. Every visit moves its visitor's `last_seen_at`, so the recent
 * visitors are one range of that index, and their visits are found by visitor id: no scan of the
 * visits table. Bots and uncounted browsers never have visits, so they are never here.
 */
export async function visitorsNowByPage(db: Kysely<Database>, now = new Date()): Promise<StatsNow> {
  const since = new Date(now.getTime() - NOW_WINDOW_MINUTES * 60_000).toISOString();
  const rows = await db
    .selectFrom('visitors')
    .innerJoin('visits', 'visits.visitor_id', 'visitors.id')
    .select(['visitors.id as visitor', 'visits.path', 'visits.visited_at'])
    .where('visitors.last_seen_at', '>=', since)
    .where('visits.visited_at', '>=', since)
    .execute();
  // Each visitor's latest visit; a few hundred rows at most, so picked here rather than in SQL.
  const latest = new Map<string, { path: string | null; at: string }>();
  for (const row of rows) {
    const seen = latest.get(row.visitor);
    if (seen === undefined || row.visited_at > seen.at) latest.set(row.visitor, { path: row.path, at: row.visited_at });
  }
  const byPage = new Map<string | null, number>();
  for (const { path } of latest.values()) byPage.set(path, (byPage.get(path) ?? 0) + 1);
  const pages = [...byPage]
    .map(([value, visitors]) => ({ value, visitors }))
    .sort((a, b) => b.visitors - a.visitors || (a.value ?? '').localeCompare(b.value ?? ''))
    .slice(0, NOW_PAGES_LIMIT);
  return { visitors: latest.size, since, pages };
}
