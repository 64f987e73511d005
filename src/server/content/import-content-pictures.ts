import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { SiteContent } from '../../shared/schemas/content.js';
import type { Db } from '../db/database.js';
import { picturesOf } from '../pictures/content-pictures.js';
import { checkPicture, PictureError } from '../pictures/picture-check.js';
import { pictureSummaryByPath, storePicture } from '../repositories/picture-repository.js';
import { ContentError } from './load-content.js';

/**
 * Stores the pictures a content folder's content names (under `images/`) in the database, with the
 * same checks as an upload, before the version that names them is published: any machine then serves
 * them. A picture already stored with the same bytes is skipped unchecked; new bytes under a known
 * path replace the old (the folder is the owner's own copy). Every bad picture is reported together
 * as a `ContentError`, as bad YAML is. Answers the paths that were stored or replaced.
 */
export async function importContentPictures(db: Db, contentDir: string, content: SiteContent): Promise<string[]> {
  return importPictures(db, contentDir, picturesOf(content));
}

/** `importContentPictures` for any pictures under `images/`: the collections' entries' (issue 27) too. */
export async function importPictures(db: Db, contentDir: string, picturePaths: readonly string[]): Promise<string[]> {
  const problems: string[] = [];
  const checked: { picturePath: string; bytes: Buffer; picture: Awaited<ReturnType<typeof checkPicture>> }[] = [];
  for (const picturePath of picturePaths) {
    const file = path.join(contentDir, 'images', picturePath);
    if (!existsSync(file)) {
      problems.push(`images/${picturePath}: the file is missing`);
      continue;
    }
    const bytes = readFileSync(file);
    const stored = await pictureSummaryByPath(db, picturePath);
    if (stored?.sha256 === createHash('sha256').update(bytes).digest('hex')) continue;
    try {
      checked.push({ picturePath, bytes, picture: await checkPicture(picturePath, bytes) });
    } catch (error) {
      if (!(error instanceof PictureError)) throw error;
      problems.push(
        `images/${picturePath}: ${error.message.replace(`${picturePath} `, '').replace(`${picturePath}: `, '')}`,
      );
    }
  }
  if (problems.length > 0) throw new ContentError(problems);
  for (const { picturePath, bytes, picture } of checked) {
    await storePicture(db, { path: picturePath, bytes, ...picture }, { replace: true });
  }
  return checked.map(({ picturePath }) => picturePath);
}
