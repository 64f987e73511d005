import { describe, expect, it } from 'vitest';
import { readyBody } from '../lib/precompressed.js';
import { CvCache } from './cv-cache.js';

const body = (text: string) => async () => readyBody('application/pdf', Buffer.from(text));

describe('the CV cache', () => {
  it('makes each answer once per content version, shared by concurrent requests', async () => {
    const cache = new CvCache();
    let made = 0;
    const make = async () => {
      made += 1;
      return body('one')();
    };
    const [first, second] = await Promise.all([
      cache.get('v1', 'pdf|english', make),
      cache.get('v1', 'pdf|english', make),
    ]);
    expect(first).toBe(second);
    expect(made).toBe(1);
  });

  it('drops what was made from older content when a new version is asked for', async () => {
    const cache = new CvCache();
    await cache.get('v1', 'pdf|english', body('old'));
    await cache.get('v1', 'pdf|russian', body('old'));
    const fresh = await cache.get('v2', 'pdf|english', body('new'));
    expect(fresh.identity.toString()).toBe('new');
    expect(cache.size).toBe(1);
  });

  it('keeps no failure: the next request tries again', async () => {
    const cache = new CvCache();
    await expect(
      cache.get('v1', 'pdf|english', async () => Promise.reject(new Error('font missing'))),
    ).rejects.toThrow();
    expect((await cache.get('v1', 'pdf|english', body('made'))).identity.toString()).toBe('made');
  });
});
