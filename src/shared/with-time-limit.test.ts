import { describe, expect, it, vi } from 'vitest';
import { withTimeLimit } from './with-time-limit.js';

const never = new Promise<never>(() => undefined);

describe('withTimeLimit', () => {
  it('answers what the work answers when it is in time', async () => {
    expect(await withTimeLimit(Promise.resolve('done'), 1_000)).toBe('done');
    await expect(withTimeLimit(Promise.reject(new Error('refused')), 1_000)).rejects.toThrow('refused');
  });

  it('rejects after the limit, with the default message or the error asked for', async () => {
    await expect(withTimeLimit(never, 10)).rejects.toThrow('no answer in 10 ms');
    const error = withTimeLimit(never, 10, () => Object.assign(new Error('timed out'), { code: 'ETIMEDOUT' }));
    await expect(error).rejects.toMatchObject({ message: 'timed out', code: 'ETIMEDOUT' });
  });

  it('leaves no timer behind once the work is done', async () => {
    vi.useFakeTimers();
    try {
      await withTimeLimit(Promise.resolve(1), 60_000);
      expect(vi.getTimerCount()).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });
});
