/** What a version's value is answered as: a promise's value itself once it is made. */
type Made<Value> = Value extends Promise<infer Settled> ? Settled | Promise<Settled> : Value;

/**
 * Something made from one content version (a served snapshot, or the draft's content being
 * previewed) and, where one version makes several, a key: made once per version and key, and dropped
 * with the version (it is held weakly), so a new version never sees what was made from an old one.
 * A promise is answered as its value once made, so the requests after the first take no extra turn of
 * the event loop (the serving path's speed is measured in `npm run bench`); callers asking while it
 * is being made share it, and a failure is forgotten, so the next caller tries again.
 */
export function perVersion<Version extends object, Value, Key = void>(
  make: (version: Version, key: Key) => Value,
  keyOf: (key: Key) => unknown = (key) => key,
): (version: Version, key: Key) => Made<Value> {
  // Per version and key: the value, or the promise while it is being made.
  const made = new WeakMap<Version, Map<unknown, unknown>>();
  return (version, key) => {
    let ofVersion = made.get(version);
    if (!ofVersion) {
      ofVersion = new Map();
      made.set(version, ofVersion);
    }
    const cacheKey = keyOf(key);
    if (ofVersion.has(cacheKey)) return ofVersion.get(cacheKey) as Made<Value>;
    const value = make(version, key);
    const entries = ofVersion;
    entries.set(cacheKey, value);
    if (value instanceof Promise) {
      value.then(
        (settled: unknown) => entries.set(cacheKey, settled),
        () => entries.delete(cacheKey),
      );
    }
    return value as Made<Value>;
  };
}
