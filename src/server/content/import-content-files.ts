import type { SiteContent } from '../../shared/schemas/content.js';
import type { Db } from '../db/database.js';
import { publishFilesVersionOnce } from '../repositories/content-files-repository.js';
import { type ContentVersion, latestContentVersion } from '../repositories/content-repository.js';
import { contentFolderHash } from './content-folder-hash.js';
import { importContentPictures } from './import-content-pictures.js';
import { type EntryFilesImport, publishEntryFiles } from './import-entry-files.js';
import { loadContentFolder } from './load-entries.js';

export interface FilesImport {
  /** The version the site serves now. */
  version: ContentVersion;
  /** Whether the folder was published as a new version by this call. */
  imported: boolean;
}

/**
 * Publishes a content folder, already read and validated, as a new version (source `files`) unless
 * the latest files import came from the same folder contents; answers the latest version either way.
 * Edits made since in the browser stay the latest version while the folder does not change.
 */
export async function publishFilesIfChanged(
  db: Db,
  content: SiteContent,
  filesHash: string,
  now = new Date(),
): Promise<FilesImport> {
  // Once per folder hash, even when several processes start or notice the change at the same moment.
  const published = await publishFilesVersionOnce(db, content, filesHash, now);
  if (published) return { version: { ...published, content }, imported: true };
  const latest = await latestContentVersion(db);
  if (!latest) throw new Error('the content store has a files import but no version');
  return { version: latest, imported: false };
}

/**
 * Reads the content folder as start-up always has (a bad file throws `ContentError` with every
 * problem, the entries' files' too), then publishes it if it changed since it was last imported, and
 * each entry of the collections whose files changed (`publishEntryFiles`).
 */
export async function importContentFiles(
  db: Db,
  contentDir: string,
  now = new Date(),
): Promise<FilesImport & { entries: EntryFilesImport }> {
  const { content, entries } = loadContentFolder(contentDir);
  await importContentPictures(db, contentDir, content);
  const entryImport = await publishEntryFiles(db, contentDir, entries, { compareWith: 'files', takeDown: true, now });
  return { ...(await publishFilesIfChanged(db, content, contentFolderHash(contentDir), now)), entries: entryImport };
}
