import type { SiteContent } from '../../shared/schemas/content.js';
import type { CompressedBody } from '../lib/precompressed.js';
import { withSanitizedHtml } from './sanitize-html.js';

/** One published version as the site serves it: its number and its content, HTML made safe. */
export interface ContentSnapshot {
  readonly version: number;
  readonly content: SiteContent;
}

/**
 * The content this process serves now. A request takes `current` once and derives everything from
 * that one snapshot, so a page never mixes two versions; publishing swaps the snapshot whole.
 */
export class ContentState {
  #current: ContentSnapshot;
  readonly #listeners = new Set<(snapshot: ContentSnapshot) => void>();

  /** `version` 0 is content that was never published (tests that build an app from a fixture). */
  constructor(content: SiteContent, version = 0) {
    this.#current = snapshotOf(content, version);
  }

  get current(): ContentSnapshot {
    return this.#current;
  }

  /** Serves `content` as `version` from now on; nothing happens when that version is served already. */
  replace(content: SiteContent, version: number): boolean {
    if (version === this.#current.version) return false;
    this.#current = snapshotOf(content, version);
    for (const listener of this.#listeners) listener(this.#current);
    return true;
  }

  /** Calls `listener` with each new snapshot; answers a function that stops it. */
  onChange(listener: (snapshot: ContentSnapshot) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }
}

/** A snapshot of `content` as `version` (0: content that is not published, such as the draft previewed). */
export function snapshotOf(content: SiteContent, version: number): ContentSnapshot {
  // The owner's HTML is made safe once per version, for the API and the rendered pages alike (decision 015).
  return Object.freeze({ version, content: withSanitizedHtml(content) });
}

/**
 * The answer with the version in its ETags, so browsers and proxies revalidate when a version is
 * published even where the bytes happen to be the same.
 */
export function withVersionedEtags(body: CompressedBody, version: number): CompressedBody {
  const tag = (etag: string) => `"v${version}-${etag.slice(1)}`;
  return {
    ...body,
    etags: { identity: tag(body.etags.identity), br: tag(body.etags.br), gzip: tag(body.etags.gzip) },
  };
}
