import { describe, expect, it } from 'vitest';
import { memoizeAsync } from './memoize-async.js';

/** A call whose end the test decides. */
function deferred<Value>() {
  let resolve!: (value: Value) => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<Value>((yes, no) => {
    resolve = yes;
    reject = no;
  });
  return { promise, resolve, reject };
}

describe('memoizeAsync', () => {
  it('shares one call among callers asking while it runs, and keeps its result', async () => {
    const calls: string[] = [];
    const pending = deferred<string>();
    const cached = memoizeAsync((key: string) => {
      calls.push(key);
      return pending.promise;
    });
    const first = cached('a');
    const second = cached('a');
    expect(second).toBe(first);
    pending.resolve('A');
    expect(await Promise.all([first, second])).toEqual(['A', 'A']);
    expect(await cached('a')).toBe('A');
    expect(calls).toEqual(['a']);
  });

  it('keeps one result per key', async () => {
    const cached = memoizeAsync(async (key: number) => key * 2);
    expect(await Promise.all([cached(1), cached(2), cached(1)])).toEqual([2, 4, 2]);
  });

  it('drops a rejected call, so the next caller tries again', async () => {
    let attempts = 0;
    const cached = memoizeAsync(async (key: string) => {
      attempts += 1;
      if (attempts === 1) throw new Error('disk full');
      return `${key} on try ${attempts}`;
    });
    await expect(cached('a')).rejects.toThrow('disk full');
    expect(await cached('a')).toBe('a on try 2');
    expect(await cached('a')).toBe('a on try 2');
    expect(attempts).toBe(2);
  });

  it('callers that shared a failing call all see its error', async () => {
    const pending = deferred<string>();
    const cached = memoizeAsync(() => pending.promise);
    const [first, second] = [cached('a'), cached('a')];
    pending.reject(new Error('no'));
    await expect(first).rejects.toThrow('no');
    await expect(second).rejects.toThrow('no');
  });

  it('finds an object argument by the key keyOf gives', async () => {
    let calls = 0;
    const cached = memoizeAsync(
      async (page: { path: string; locale: string }) => {
        calls += 1;
        return `${page.path} in ${page.locale}`;
      },
      { keyOf: (page) => `${page.path}|${page.locale}` },
    );
    await cached({ path: '/', locale: 'english' });
    expect(await cached({ path: '/', locale: 'english' })).toBe('/ in english');
    expect(calls).toBe(1);
  });

  it('with keepResults: false, shares only calls in flight', async () => {
    let calls = 0;
    const pending = deferred<string>();
    const cached = memoizeAsync(
      () => {
        calls += 1;
        return calls === 1 ? pending.promise : Promise.resolve('again');
      },
      { keepResults: false },
    );
    const [first, second] = [cached('a'), cached('a')];
    expect(second).toBe(first);
    pending.resolve('once');
    expect(await first).toBe('once');
    expect(await cached('a')).toBe('again');
    expect(calls).toBe(2);
  });
});
