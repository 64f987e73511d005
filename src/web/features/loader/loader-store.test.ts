import { afterEach, describe, expect, it, vi } from 'vitest';
import { hideLoader, loaderStore, showLoader } from './loader-store.js';

describe('the loader', () => {
  afterEach(() => vi.useRealTimers());

  it('is one boolean: show sets it and completes after about 1100 ms; hide clears it', async () => {
    vi.useFakeTimers();
    let completed = false;
    const shown = showLoader().then(() => {
      completed = true;
    });
    expect(loaderStore.get()).toBe(true);
    await vi.advanceTimersByTimeAsync(1099);
    expect(completed).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await shown;
    expect(completed).toBe(true);
    hideLoader();
    expect(loaderStore.get()).toBe(false);
  });
});
