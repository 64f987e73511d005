import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Selectable } from 'kysely';
import type { StatsShare } from '../../shared/schemas/stats-shares.js';
import type { Db } from '../db/database.js';
import type { StatsShareTable } from '../db/schema.js';

/**
 * Shared statistics links (docs/decisions/043-shared-statistics.md). The token is 32 random bytes;
 * only its SHA-256 is stored, so the database alone opens no link.
 */
export type StatsShareRow = Selectable<StatsShareTable>;

const DAY_MS = 24 * 60 * 60 * 1000;

function hashShareToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function toStatsShare(row: StatsShareRow, now = new Date()): StatsShare {
  return {
    id: row.id,
    name: row.name,
    createdAt: row.created_at,
    expiresAt: row.expires_at,
    expired: row.expires_at !== null && row.expires_at <= now.toISOString(),
    hasPassword: row.password_hash !== null,
    lastViewedAt: row.last_viewed_at,
  };
}

/** A new link; answers its row and the token (shown once, never stored). */
export async function createStatsShare(
  db: Db,
  share: { name: string; expiresInDays: number | null; passwordHash: string | null },
  now = new Date(),
): Promise<{ row: StatsShareRow; token: string }> {
  const token = randomBytes(32).toString('base64url');
  const row: StatsShareRow = {
    id: randomUUID(),
    token_hash: hashShareToken(token),
    name: share.name,
    password_hash: share.passwordHash,
    created_at: now.toISOString(),
    expires_at:
      share.expiresInDays === null ? null : new Date(now.getTime() + share.expiresInDays * DAY_MS).toISOString(),
    revoked_at: null,
    last_viewed_at: null,
  };
  await db.insertInto('stats_shares').values(row).execute();
  return { row, token };
}

/** The links not revoked, newest first (expired ones too: the owner sees that they have expired). */
export async function listStatsShares(db: Db): Promise<StatsShareRow[]> {
  return db
    .selectFrom('stats_shares')
    .selectAll()
    .where('revoked_at', 'is', null)
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .execute();
}

/** Revokes a link; false when there is no such link (or it was revoked already). */
export async function revokeStatsShare(db: Db, id: string, now = new Date()): Promise<boolean> {
  const result = await db
    .updateTable('stats_shares')
    .set({ revoked_at: now.toISOString() })
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The link of `token` while it works: known, not revoked, not expired at `now`. */
export async function liveStatsShare(db: Db, token: string, now = new Date()): Promise<StatsShareRow | undefined> {
  return db
    .selectFrom('stats_shares')
    .selectAll()
    .where('token_hash', '=', hashShareToken(token))
    .where('revoked_at', 'is', null)
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now.toISOString())]))
    .executeTakeFirst();
}

/**
 * Notes that the figures were opened, to the hour: the list says "last viewed" without a write per
 * request, and without keeping anything about who looked.
 */
export async function noteStatsShareViewed(db: Db, share: StatsShareRow, now = new Date()): Promise<void> {
  const hour = `${now.toISOString().slice(0, 13)}:00:00.000Z`;
  if (share.last_viewed_at === hour) return;
  await db.updateTable('stats_shares').set({ last_viewed_at: hour }).where('id', '=', share.id).execute();
}
