import type { Kysely } from 'kysely';
import type { SiteContent } from '../../shared/schemas/content.js';
import type { Database } from '../db/schema.js';
import { type ContentVersionSummary, latestContentVersionNumber, latestFilesHash } from './content-repository.js';

/**
 * Publishes a content folder's content as the next version (source `files`) unless the latest files
 * import already holds the folder with `filesHash`; answers undefined then.
 *
 * Several processes that notice the same folder change at the same moment publish it once, on both
 * engines and with no lock: each reads the latest number and then the latest files hash, and inserts
 * exactly the number after the one it read. Versions are only ever added, so an insert that succeeds
 * proves nothing was published between the read and the insert, and the hash it compared with is
 * still the latest. An insert that loses (the number is the primary key) reads again: the winner's
 * hash is then seen, and an identical folder is not published twice.
 */
export async function publishFilesVersionOnce(
  db: Kysely<Database>,
  content: SiteContent,
  filesHash: string,
  now = new Date(),
): Promise<ContentVersionSummary | undefined> {
  const json = JSON.stringify(content);
  const created_at = now.toISOString();
  for (let attempt = 0; attempt < 20; attempt++) {
    // The number first: a files import that lands after this read is then seen by the hash's read.
    const number = ((await latestContentVersionNumber(db)) ?? 0) + 1;
    if ((await latestFilesHash(db)) === filesHash) return undefined;
    const result = await db
      .insertInto('content_versions')
      .values({ number, content: json, created_at, source: 'files', note: null, files_hash: filesHash })
      .onConflict((conflict) => conflict.column('number').doNothing())
      .executeTakeFirst();
    if (Number(result.numInsertedOrUpdatedRows ?? 0) === 1) {
      return { number, createdAt: created_at, source: 'files', note: null, filesHash };
    }
  }
  throw new Error('could not import the content folder: too many versions published at the same moment');
}
