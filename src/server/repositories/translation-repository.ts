import type { Db } from '../db/database.js';
import { ownerSettingsStartingWith } from './owner-settings-repository.js';

/**
 * What the studio's translation report reads: the published versions' contents in order, a few at
 * a time, and the fields the owner marked "same in every language". A mark is one row of
 * `owner_settings` (key `translation-same:<field key>`): marking and unmarking are one insert or
 * delete each, so two tabs never undo each other's marks, and no table of its own is needed.
 */

const MARK_PREFIX = 'translation-same:';

/** More marks than content has translated fields (a few hundred) is no longer the owner marking fields. */
export const MAX_TRANSLATION_MARKS = 2_000;

/** Up to `limit` published versions after `after`, oldest first, with their content. */
export async function contentVersionsAfter(
  db: Db,
  after: number,
  limit: number,
): Promise<{ number: number; content: unknown }[]> {
  const rows = await db
    .selectFrom('content_versions')
    .select(['number', 'content'])
    .where('number', '>', after)
    .orderBy('number', 'asc')
    .limit(limit)
    .execute();
  return rows.map((row) => ({ number: Number(row.number), content: JSON.parse(row.content) as unknown }));
}

/** The keys of the fields marked "same in every language". */
export async function translationMarks(db: Db): Promise<Set<string>> {
  return new Set((await ownerSettingsStartingWith(db, MARK_PREFIX)).map((row) => row.key));
}

/** Marks (`same`) or unmarks a field; doing either twice changes nothing. */
export async function setTranslationMark(db: Db, key: string, same: boolean, now = new Date()): Promise<void> {
  const settingKey = `${MARK_PREFIX}${key}`;
  if (!same) {
    await db.deleteFrom('owner_settings').where('key', '=', settingKey).execute();
    return;
  }
  await db
    .insertInto('owner_settings')
    .values({ key: settingKey, value: 'same', updated_at: now.toISOString() })
    .onConflict((conflict) => conflict.column('key').doNothing())
    .execute();
}
