import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest';
import { startRealApi } from '../../../server/test/real-api.js';
import type { Section } from '../../../shared/sections.js';
import { cachedSection, clearSectionCache, fetchSection } from './content-api.js';

describe('fetchSection', () => {
  let api: Awaited<ReturnType<typeof startRealApi>>;
  let consoleError: MockInstance<typeof console.error>;
  beforeAll(async () => {
    api = await startRealApi();
  });
  afterAll(async () => api.stop());
  beforeEach(() => {
    clearSectionCache();
    api.requests.length = 0;
    // Watched, not silenced: an error a test does not expect is shown and fails it.
    consoleError = vi.spyOn(console, 'error');
  });
  afterEach(() => {
    expect(consoleError).not.toHaveBeenCalled();
    consoleError.mockRestore();
  });

  it('fetches a section once and reuses it, even for requests made at the same time', async () => {
    expect(cachedSection('about')).toBeUndefined();
    const [first, second] = await Promise.all([fetchSection('about'), fetchSection('about')]);
    const third = await fetchSection('about');
    expect(first).toEqual(api.testApp.content.about);
    expect(second).toBe(first);
    expect(third).toBe(first);
    expect(cachedSection('about')).toBe(first);
    expect(api.requests.filter((request) => request.url.endsWith('/pages/about'))).toHaveLength(1);
  });

  it('rejects any other section name with "Section not found" without asking the server', async () => {
    await expect(fetchSection('contact' as Section)).rejects.toThrow('Section not found');
    await expect(fetchSection('__proto__' as Section)).rejects.toThrow('Section not found');
    expect(api.requests).toHaveLength(0);
  });

  it('logs a failed fetch in red and tries again next time', async () => {
    const failing = vi
      .spyOn(globalThis, 'fetch')
      .mockResolvedValueOnce(
        new Response(JSON.stringify({ success: false, message: 'Down for maintenance' }), { status: 503 }),
      );
    consoleError.mockImplementation(() => undefined);
    await expect(fetchSection('footer')).rejects.toThrow('Down for maintenance');
    expect(consoleError).toHaveBeenCalledExactlyOnceWith(
      expect.stringContaining('%c'),
      'color: red',
      'footer',
      'Down for maintenance',
    );
    consoleError.mockReset();
    failing.mockRestore();
    await expect(fetchSection('footer')).resolves.toEqual(api.testApp.content.footer);
  });
});
