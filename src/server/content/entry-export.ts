import type { Locale } from '../../shared/locales.js';
import { COLLECTIONS } from '../../shared/schemas/collections.js';
import type { Db } from '../db/database.js';
import { entryPicturesOf } from '../pictures/content-pictures.js';
import { entryVersionByNumber, listEntries } from '../repositories/entry-repository.js';
import { entryFileName, serializeEntry } from './entry-files.js';

/**
 * Each live entry's latest version (drafts and scheduled ones too) as the files a content folder
 * holds, `notes/<slug>/<language>.md` and `projects/<slug>/<language>.md`, with the pictures they
 * name: what `content:export` writes and the studio's zip carries beside the five YAML files, and
 * what `content:import` reads back byte for byte.
 */
export async function latestEntryFiles(
  db: Db,
): Promise<{ files: { file: string; text: string }[]; pictures: string[]; entries: number }> {
  const files: { file: string; text: string }[] = [];
  const pictures = new Set<string>();
  let entries = 0;
  for (const collection of COLLECTIONS) {
    for (const entry of await listEntries(db, collection)) {
      if (entry.latestVersion === null) continue;
      const latest = await entryVersionByNumber(db, entry.latestVersion);
      if (!latest) continue;
      for (const [locale, text] of Object.entries(serializeEntry(collection, latest.content))) {
        files.push({ file: `${collection}/${latest.content.slug}/${entryFileName(locale as Locale)}`, text });
      }
      for (const picture of entryPicturesOf(latest)) pictures.add(picture);
      entries += 1;
    }
  }
  return { files, pictures: [...pictures], entries };
}
