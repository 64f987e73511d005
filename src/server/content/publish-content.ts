import type { SiteContent } from '../../shared/schemas/content.js';
import type { Db } from '../db/database.js';
import {
  type ContentSource,
  type ContentVersion,
  type ContentVersionSummary,
  publishContentVersion,
  type RestoredVersion,
  restoreContentVersion,
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

/**
 * Publishes a copy of an older version as the newest and makes it the draft as well (the draft it
 * replaces is set aside when it holds unpublished edits); served in this process at once.
 */
export async function restoreContent(
  db: Db,
  state: ContentState,
  version: ContentVersion,
  note: string | null,
): Promise<RestoredVersion> {
  const restored = await restoreContentVersion(db, version, { note });
  if (restored.published.number > state.current.version) state.replace(version.content, restored.published.number);
  return restored;
}
