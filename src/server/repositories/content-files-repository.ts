import type { Kysely } from 'kysely';
import type { SiteContent } from '../../shared/schemas/content.js';
import type { Database } from '../db/schema.js';
import { type ContentVersionSummary, insertAsNextVersion, latestFilesHash } from './content-repository.js';

/**
 * Publishes a content folder's content as the next version (source `files`) unless the latest files
 * import already holds the folder with `filesHash`; answers undefined then.
 *
 * Several processes that notice the same folder change at the same moment publish it once, on both
 * engines and with no lock: each reads the latest number and then the latest files hash, and inserts
 * exactly the number after the one it read. Versions are only added after the latest, and the
 * history's thinning deletes neither the latest version nor the latest files import, so an insert
 * that succeeds proves nothing was published between the read and the insert, and the hash it
 * compared with is still the latest. An insert that loses (the number is the primary key) reads
 * again: the winner's hash is then seen, and an identical folder is not published twice.
 */
export async function publishFilesVersionOnce(
  db: Kysely<Database>,
  content: SiteContent,
  filesHash: string,
  now = new Date(),
): Promise<ContentVersionSummary | undefined> {
  const created_at = now.toISOString();
  const row = { content: JSON.stringify(content), created_at, source: 'files', note: null, files_hash: filesHash };
  const number = await insertAsNextVersion(db, row, {
    // Asked after the latest number is read: a files import that lands after that read is seen here.
    unless: async () => (await latestFilesHash(db)) === filesHash,
    failure: 'could not import the content folder: too many versions published at the same moment',
  });
  return number === undefined ? undefined : { number, createdAt: created_at, source: 'files', note: null, filesHash };
}
