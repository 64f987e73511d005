import type { CompressedBody } from '../lib/precompressed.js';

/**
 * The CVs made so far, for one content version: each answer is made on its first request and then
 * shared by every request for it (no per-request rendering). A new version — content published
 * anew — drops everything made from the old one. A failure is not kept: the next request tries again.
 */
export class CvCache {
  #version: string | undefined;
  readonly #made = new Map<string, Promise<CompressedBody>>();

  get(version: string, key: string, make: () => Promise<CompressedBody>): Promise<CompressedBody> {
    if (version !== this.#version) {
      this.#made.clear();
      this.#version = version;
    }
    let body = this.#made.get(key);
    if (!body) {
      body = make();
      this.#made.set(key, body);
      body.catch(() => {
        if (this.#made.get(key) === body) this.#made.delete(key);
      });
    }
    return body;
  }

  /** How many answers are kept (for tests and the benchmark). */
  get size(): number {
    return this.#made.size;
  }
}
