import type { SiteContent } from '../../shared/schemas/content.js';
import type { Db } from '../db/database.js';
import {
  type ContentSource,
  type ContentVersionSummary,
  publishContentVersion,
} from '../repositories/content-repository.js';
import type { ContentState } from './content-state.js';

/**
 * Publishes validated content as a new version and serves it in this process at once; the other
 * processes on the database follow within about a second (`content-refresh` job).
 */
export async function publishContent(
  db: Db,
  state: ContentState,
  content: SiteContent,
  meta: { source: ContentSource; note?: string | null; filesHash?: string | null },
): Promise<ContentVersionSummary> {
  const published = await publishContentVersion(db, content, meta);
  // A newer version published meanwhile by another process is picked up by the refresh job.
  if (published.number > state.current.version) state.replace(content, published.number);
  return published;
}
