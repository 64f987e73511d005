import { format } from 'node:util';

/**
 * Fails a Vitest test that writes to `console.error` without saying it expects to, as the browser
 * suite's fixture does for the page's console. A test that provokes an error on purpose replaces
 * `console.error` itself (`vi.spyOn(console, 'error').mockImplementation(…)`), which this guard
 * then never sees.
 */
export interface ConsoleGuard {
  /** Starts watching `console.error` for one test. */
  start(): void;
  /** Stops watching; throws if the test wrote unexpected errors. */
  stop(): void;
}

export function createConsoleGuard(target: Pick<Console, 'error'> = console): ConsoleGuard {
  let original: Console['error'] | undefined;
  let written: string[] = [];
  return {
    start() {
      written = [];
      original = target.error;
      const passOn = original;
      target.error = (...args: unknown[]) => {
        written.push(format(...args));
        passOn.apply(target, args);
      };
    },
    stop() {
      if (original) target.error = original;
      original = undefined;
      if (written.length > 0) {
        throw new Error(
          `unexpected console.error (mock console.error in the test if it is expected):\n${written.join('\n')}`,
        );
      }
    },
  };
}
