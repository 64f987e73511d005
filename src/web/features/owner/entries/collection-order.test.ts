import { describe, expect, it } from 'vitest';
import type { EntryListItem } from '../../../../shared/schemas/entry-store.js';
import { byTitle } from './collection-list.js';

const entry = (title: string): EntryListItem => ({
  id: title,
  slug: title.toLowerCase(),
  state: 'published',
  date: null,
  tags: [],
  languages: ['lotin', 'russian'],
  titles: { lotin: title, russian: `Ру ${title}` },
  unpublished: false,
  updatedAt: '2026-11-27T00:00:00Z',
  latestVersion: 1,
});

describe('the studio list sorted by title', () => {
  it('follows the interface language’s alphabet: Uzbek puts Oʻ and Sh after Z', () => {
    const titles = ['Shahar', 'Oʻzbek', 'Zebra', 'Asal'].map(entry);
    // Node has Uzbek collation data (Chromium has none, and sorts as the root alphabet does).
    expect(titles.sort(byTitle('lotin')).map(({ titles }) => titles.lotin)).toEqual([
      'Asal',
      'Zebra',
      'Oʻzbek',
      'Shahar',
    ]);
  });
});
