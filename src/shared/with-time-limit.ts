/**
 * Waits for `work` at most `ms` milliseconds, then rejects with `timeoutError()`; the timer never
 * outlives the wait. For work that takes no `AbortSignal` (a Kysely query); where an API takes one,
 * pass it `AbortSignal.timeout(ms)` instead, which also stops the work.
 */
export async function withTimeLimit<Value>(
  work: Promise<Value>,
  ms: number,
  timeoutError: () => Error = () => new Error(`no answer in ${ms} ms`),
): Promise<Value> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(timeoutError()), ms);
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
