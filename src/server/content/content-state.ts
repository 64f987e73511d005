import type { SiteContent } from '../../shared/schemas/content.js';
import type { CompressedBody } from '../serving/precompressed.js';
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

function snapshotOf(content: SiteContent, version: number): ContentSnapshot {
  // The owner's HTML is made safe once per version, for the API and the rendered pages alike (decision 015).
  return Object.freeze({ version, content: withSanitizedHtml(content) });
}

/**
 * Something made from a snapshot (a section's answer, a renderer, the rendered pages): made once
 * per snapshot and dropped with it, so a new version never sees what was made from an old one.
 */
export function perSnapshot<Value>(make: (snapshot: ContentSnapshot) => Value): (snapshot: ContentSnapshot) => Value {
  const made = new WeakMap<ContentSnapshot, Value>();
  return (snapshot) => {
    if (made.has(snapshot)) return made.get(snapshot) as Value;
    const value = make(snapshot);
    made.set(snapshot, value);
    return value;
  };
}

/**
 * Something made asynchronously from a snapshot and a key (a compressed answer, a rendered page):
 * made once per snapshot and key, and dropped with the snapshot. Once made it is answered as the
 * value itself, not a promise, so the requests after the first take no extra turn of the event loop
 * (the serving path's speed is measured in `npm run bench`). Callers asking while it is being made
 * share its promise; a failure is forgotten, so the next caller tries again.
 */
export function perSnapshotAsync<Key, Value>(
  make: (snapshot: ContentSnapshot, key: Key) => Promise<Value>,
  keyOf: (key: Key) => unknown = (key) => key,
): (snapshot: ContentSnapshot, key: Key) => Value | Promise<Value> {
  // Per snapshot and key: the promise while it is being made, then the value itself.
  const made = new WeakMap<ContentSnapshot, Map<unknown, Value | Promise<Value>>>();
  return (snapshot, key) => {
    let ofSnapshot = made.get(snapshot);
    if (!ofSnapshot) {
      ofSnapshot = new Map();
      made.set(snapshot, ofSnapshot);
    }
    const cacheKey = keyOf(key);
    if (ofSnapshot.has(cacheKey)) return ofSnapshot.get(cacheKey) as Value | Promise<Value>;
    const making = make(snapshot, key);
    const entries = ofSnapshot;
    entries.set(cacheKey, making);
    making.then(
      (value) => entries.set(cacheKey, value),
      () => entries.delete(cacheKey),
    );
    return making;
  };
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
