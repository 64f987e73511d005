import type { AltConfirmation } from '../../shared/picture-alt-review.js';
import type { Db } from '../db/database.js';
import { ownerSettingsStartingWith, putOwnerSetting } from './owner-settings-repository.js';

/** What is known of a stored picture, without its bytes. */
export interface PictureSummary {
  path: string;
  contentType: string;
  width: number;
  height: number;
  sha256: string;
  size: number;
  createdAt: string;
}

export interface Picture extends PictureSummary {
  bytes: Buffer;
}

export type NewPicture = Omit<PictureSummary, 'createdAt'> & { bytes: Buffer };

const SUMMARY_COLUMNS = ['path', 'content_type', 'width', 'height', 'sha256', 'size', 'created_at'] as const;

function summaryOf(row: {
  path: string;
  content_type: string;
  width: number | string;
  height: number | string;
  sha256: string;
  size: number | string;
  created_at: string;
}): PictureSummary {
  return {
    path: row.path,
    contentType: row.content_type,
    width: Number(row.width),
    height: Number(row.height),
    sha256: row.sha256,
    size: Number(row.size),
    createdAt: row.created_at,
  };
}

/** A picture without its bytes: what serving looks up on each request (one primary-key read). */
export async function pictureSummaryByPath(db: Db, path: string): Promise<PictureSummary | undefined> {
  const row = await db
    .selectFrom('content_pictures')
    .select(SUMMARY_COLUMNS)
    .where('path', '=', path)
    .executeTakeFirst();
  return row && summaryOf(row);
}

/** A picture with its bytes, read only to make a variant that is not made yet. */
export async function pictureByPath(db: Db, path: string): Promise<Picture | undefined> {
  const row = await db
    .selectFrom('content_pictures')
    .select([...SUMMARY_COLUMNS, 'bytes'])
    .where('path', '=', path)
    .executeTakeFirst();
  // Both drivers answer a Buffer already: copying a picture of up to 20 MB again only costs memory.
  return row && { ...summaryOf(row), bytes: Buffer.isBuffer(row.bytes) ? row.bytes : Buffer.from(row.bytes) };
}

/** The pictures at `paths` that exist, without bytes. */
export async function picturesByPath(db: Db, paths: readonly string[]): Promise<PictureSummary[]> {
  if (paths.length === 0) return [];
  return (await db.selectFrom('content_pictures').select(SUMMARY_COLUMNS).where('path', 'in', paths).execute()).map(
    summaryOf,
  );
}

/** Every picture, by path, without bytes. */
export async function listPictures(db: Db): Promise<PictureSummary[]> {
  return (await db.selectFrom('content_pictures').select(SUMMARY_COLUMNS).orderBy('path').execute()).map(summaryOf);
}

/**
 * Stores a picture under its path. `replace` lets a content folder import put new bytes under a path
 * it already had; without it an existing path is kept and `stored` is false (an upload that would
 * change what published versions show). The same bytes again are a no-op either way.
 */
export async function storePicture(
  db: Db,
  picture: NewPicture,
  { replace = false, now = new Date() }: { replace?: boolean; now?: Date } = {},
): Promise<{ stored: boolean; picture: PictureSummary }> {
  const created_at = now.toISOString();
  const values = {
    path: picture.path,
    content_type: picture.contentType,
    bytes: picture.bytes,
    width: picture.width,
    height: picture.height,
    sha256: picture.sha256,
    size: picture.size,
    created_at,
  };
  const result = await db
    .insertInto('content_pictures')
    .values(values)
    .onConflict((conflict) =>
      replace
        ? conflict
            .column('path')
            .doUpdateSet({
              content_type: values.content_type,
              bytes: values.bytes,
              width: values.width,
              height: values.height,
              sha256: values.sha256,
              size: values.size,
              created_at,
            })
            .where('content_pictures.sha256', '!=', picture.sha256)
        : conflict.column('path').doNothing(),
    )
    .executeTakeFirst();
  const stored = Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
  const current = await pictureSummaryByPath(db, picture.path);
  if (!current) throw new Error(`the picture ${picture.path} was not stored`);
  return { stored: stored || current.sha256 === picture.sha256, picture: current };
}

export async function deletePicture(db: Db, path: string): Promise<boolean> {
  const result = await db.deleteFrom('content_pictures').where('path', '=', path).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/**
 * The owner's confirmations that a place's alt texts fit its new picture (picture-alt-review.ts), one
 * `owner_settings` row per place (`picture_alt_review:portfolio:harbour`): an upsert per place needs no
 * read first, and the owner's few places need no table of their own.
 */
const ALT_CONFIRMATION_PREFIX = 'picture_alt_review:';

export async function altConfirmations(db: Db): Promise<AltConfirmation[]> {
  return (await ownerSettingsStartingWith(db, ALT_CONFIRMATION_PREFIX)).flatMap((row) => {
    try {
      const { picture, alts } = JSON.parse(row.value) as Omit<AltConfirmation, 'place'>;
      return [{ place: row.key, picture, alts }];
    } catch {
      return [];
    }
  });
}

export async function confirmAlts(db: Db, confirmation: AltConfirmation, now = new Date()): Promise<void> {
  const value = JSON.stringify({ picture: confirmation.picture, alts: confirmation.alts });
  await putOwnerSetting(db, `${ALT_CONFIRMATION_PREFIX}${confirmation.place}`, value, now);
}
