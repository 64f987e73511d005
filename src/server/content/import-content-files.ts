import type { SiteContent } from '../../shared/schemas/content.js';
import type { Db } from '../db/database.js';
import {
  type ContentVersion,
  latestContentVersion,
  latestFilesHash,
  publishContentVersion,
} from '../repositories/content-repository.js';
import { contentFolderHash } from './content-folder-hash.js';
import { loadContent } from './load-content.js';

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
  const latest = await latestContentVersion(db);
  if (latest && (await latestFilesHash(db)) === filesHash) return { version: latest, imported: false };
  const published = await publishContentVersion(db, content, { source: 'files', filesHash }, now);
  return { version: { ...published, content }, imported: true };
}

/**
 * Reads the content folder as start-up always has (a bad file throws `ContentError` with every
 * problem), then publishes it if it changed since it was last imported.
 */
export async function importContentFiles(db: Db, contentDir: string, now = new Date()): Promise<FilesImport> {
  const content = loadContent(contentDir);
  return publishFilesIfChanged(db, content, contentFolderHash(contentDir), now);
}
