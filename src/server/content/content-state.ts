import type { Collection, EntryContent, RenderedEntry } from '../../shared/schemas/collections.js';
import type { SiteContent } from '../../shared/schemas/content.js';
import type { CompressedBody } from '../lib/precompressed.js';
import { withSanitizedHtml } from './sanitize-html.js';

/** An entry of a collection as visitors may get it: its latest version, published (maybe for later). */
export interface PublishedEntry {
  readonly id: string;
  readonly collection: Collection;
  readonly slug: string;
  readonly content: EntryContent;
  readonly rendered: RenderedEntry;
  /** ISO-8601 UTC: from when visitors see it. */
  readonly visibleFrom: string;
  /** The number of the version it is. */
  readonly version: number;
}

/**
 * The collections' entries as one process serves them: every published entry as of `revision` (the
 * latest entry version's number), and those visible at the moment the snapshot was made.
 */
export interface PublishedEntries {
  readonly revision: number;
  readonly all: readonly PublishedEntry[];
  /** Visible now, newest first (by date, then slug). */
  readonly visible: readonly PublishedEntry[];
  /** The earliest moment a scheduled entry appears (ISO UTC), when one waits. */
  readonly nextChange: string | undefined;
}

/**
 * One published version as the site serves it: its number and its content, HTML made safe, with the
 * collections' entries visible at the time. `tag` names both: it changes when a version is published,
 * an entry is published or taken down, or a scheduled entry's time comes.
 */
export interface ContentSnapshot {
  readonly version: number;
  readonly content: SiteContent;
  readonly entries: PublishedEntries;
  readonly tag: string;
}

const NO_ENTRIES: PublishedEntries = Object.freeze({
  revision: 0,
  all: [],
  visible: [],
  nextChange: undefined,
});

/** Entries as of `revision`, split at `now` into what visitors see and what waits for its time. */
export function publishedEntries(all: readonly PublishedEntry[], revision: number, now = new Date()): PublishedEntries {
  const at = now.toISOString();
  const visible = all
    .filter((entry) => entry.visibleFrom <= at)
    .sort((a, b) => b.visibleFrom.localeCompare(a.visibleFrom) || a.slug.localeCompare(b.slug));
  const waiting = all.filter((entry) => entry.visibleFrom > at).map((entry) => entry.visibleFrom);
  return Object.freeze({ revision, all, visible, nextChange: waiting.sort()[0] });
}

/**
 * The content this process serves now. A request takes `current` once and derives everything from
 * that one snapshot, so a page never mixes two versions; publishing swaps the snapshot whole.
 */
export class ContentState {
  #current: ContentSnapshot;
  readonly #listeners = new Set<(snapshot: ContentSnapshot) => void>();

  /** `version` 0 is content that was never published (tests that build an app from a fixture). */
  constructor(content: SiteContent, version = 0, entries: PublishedEntries = NO_ENTRIES) {
    this.#current = snapshotOf(content, version, entries);
  }

  get current(): ContentSnapshot {
    return this.#current;
  }

  /** Serves `content` as `version` from now on; nothing happens when that version is served already. */
  replace(content: SiteContent, version: number): boolean {
    if (version === this.#current.version) return false;
    this.#swap(snapshotOf(content, version, this.#current.entries));
    return true;
  }

  /**
   * Serves the collections' entries as of `entries.revision`; nothing happens when that revision is
   * served already with the same entries visible (the same number of them: at one revision, the
   * visible ones only grow as scheduled times pass).
   */
  replaceEntries(entries: PublishedEntries): boolean {
    const served = this.#current.entries;
    if (entries.revision === served.revision && entries.visible.length === served.visible.length) return false;
    this.#swap(snapshotOf(this.#current.content, this.#current.version, entries, false));
    return true;
  }

  /** Shows the scheduled entries whose time has come; false when none has. */
  showScheduled(now = new Date()): boolean {
    const { entries } = this.#current;
    if (entries.nextChange === undefined || entries.nextChange > now.toISOString()) return false;
    return this.replaceEntries(publishedEntries(entries.all, entries.revision, now));
  }

  #swap(snapshot: ContentSnapshot) {
    this.#current = snapshot;
    for (const listener of this.#listeners) listener(this.#current);
  }

  /** Calls `listener` with each new snapshot; answers a function that stops it. */
  onChange(listener: (snapshot: ContentSnapshot) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }
}

/** A snapshot of `content` as `version` (0: content that is not published, such as the draft previewed). */
export function snapshotOf(
  content: SiteContent,
  version: number,
  entries: PublishedEntries = NO_ENTRIES,
  sanitize = true,
): ContentSnapshot {
  const tag = entries.revision === 0 ? `${version}` : `${version}.${entries.revision}.${entries.visible.length}`;
  // The owner's HTML is made safe once per version, for the API and the rendered pages alike (decision 015).
  return Object.freeze({ version, content: sanitize ? withSanitizedHtml(content) : content, entries, tag });
}

/**
 * The answer with the version in its ETags, so browsers and proxies revalidate when a version is
 * published even where the bytes happen to be the same.
 */
export function withVersionedEtags(body: CompressedBody, version: number | string): CompressedBody {
  const tag = (etag: string) => `"v${version}-${etag.slice(1)}`;
  return {
    ...body,
    etags: { identity: tag(body.etags.identity), br: tag(body.etags.br), gzip: tag(body.etags.gzip) },
  };
}
