import { describe, expect, it } from 'vitest';
import { perVersion } from './per-version.js';

/** Stand-ins for content versions: any object, as a snapshot is. */
const version = (number: number) => ({ number });

describe('perVersion', () => {
  it('makes a value once per version, and again for a new version', () => {
    const made: number[] = [];
    const pictures = perVersion((of: { number: number }) => {
      made.push(of.number);
      return [`photo-${of.number}.jpg`];
    });
    const first = version(1);
    expect(pictures(first)).toBe(pictures(first));
    expect(pictures(version(2))).toEqual(['photo-2.jpg']);
    expect(made).toEqual([1, 2]);
  });

  it('keeps one value per key of a version, keyed by keyOf', () => {
    const made: string[] = [];
    const page = perVersion(
      (of: { number: number }, variant: { path: string; theme: string }) => {
        made.push(`${of.number}${variant.path}`);
        return `${variant.path} in ${variant.theme}`;
      },
      (variant) => `${variant.path}|${variant.theme}`,
    );
    const served = version(1);
    expect(page(served, { path: '/', theme: 'dark' })).toBe('/ in dark');
    expect(page(served, { path: '/', theme: 'dark' })).toBe('/ in dark');
    expect(page(served, { path: '/about', theme: 'dark' })).toBe('/about in dark');
    expect(made).toEqual(['1/', '1/about']);
  });

  it('answers the value itself once it is made, and shares the making', async () => {
    let makings = 0;
    const answerOf = perVersion(async (of: { number: number }, section: string) => {
      makings += 1;
      return `${section} of version ${of.number}`;
    });
    const served = version(1);
    const first = answerOf(served, 'home');
    expect(first).toBeInstanceOf(Promise);
    expect(answerOf(served, 'home')).toBe(first);
    expect(await first).toBe('home of version 1');
    // Made: no promise, so a request after the first takes no extra turn of the event loop.
    expect(answerOf(served, 'home')).toBe('home of version 1');
    expect(makings).toBe(1);
  });

  it('forgets a failure, so the next caller tries again', async () => {
    let attempts = 0;
    const answerOf = perVersion(async (_of: { number: number }) => {
      attempts += 1;
      if (attempts === 1) throw new Error('compression failed');
      return 'made';
    });
    const served = version(1);
    await expect(answerOf(served)).rejects.toThrow('compression failed');
    expect(await answerOf(served)).toBe('made');
    expect(attempts).toBe(2);
  });
});
