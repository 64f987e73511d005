export interface MemoizeAsyncOptions<Key> {
  /** The cache key of an argument; by default the argument itself (a string or number). */
  keyOf?: (key: Key) => unknown;
  /**
   * Keep settled results (the default), or share only calls still in flight: for work whose result
   * lives elsewhere (a file in a cache folder) and must be looked for again next time.
   */
  keepResults?: boolean;
}

/**
 * `make`, called at most once at a time per key: callers asking while it runs share its promise,
 * and its result is kept for later callers. A rejected promise is dropped, so the next call tries
 * again instead of repeating the failure forever.
 */
export function memoizeAsync<Key, Value>(
  make: (key: Key) => Promise<Value>,
  { keyOf = (key) => key, keepResults = true }: MemoizeAsyncOptions<Key> = {},
): (key: Key) => Promise<Value> {
  const made = new Map<unknown, Promise<Value>>();
  return (key) => {
    const cacheKey = keyOf(key);
    let result = made.get(cacheKey);
    if (!result) {
      result = make(key);
      made.set(cacheKey, result);
      const forget = () => {
        if (made.get(cacheKey) === result) made.delete(cacheKey);
      };
      result.then(keepResults ? undefined : forget, forget);
    }
    return result;
  };
}
