import type { SeedVisit } from './seed-traffic.js';

/**
 * A small, hand-counted traffic for the statistics tests. "Now" is 2026-11-22 12:00 UTC; the range
 * under test is 2026-11-10..12 and its previous period 2026-11-07..09. The expected figures below
 * are counted by hand from this list.
 */
export const SEEDED_NOW = new Date('2026-11-22T12:00:00Z');

export const SEEDED_VISITS: SeedVisit[] = [
  // d: first seen before the range, returns in it.
  { visitor: 'd', at: '2026-11-01T12:00:00Z', path: '/', locale: 'lotin', country: 'UZ' },
  { visitor: 'd', at: '2026-11-11T13:00:00Z', path: '/about', locale: 'lotin', country: 'UZ' },
  // g: the previous period only.
  { visitor: 'g', at: '2026-11-08T10:00:00Z', path: '/', country: 'KZ' },
  { visitor: 'g', at: '2026-11-09T10:00:00Z', path: '/about', country: 'KZ' },
  // a, b, c: new in the range.
  {
    visitor: 'a',
    at: '2026-11-10T09:00:00Z',
    path: '/',
    locale: 'lotin',
    theme: 'light',
    referrer: 'https://www.google.com/search?q=designer',
    country: 'UZ',
  },
  { visitor: 'a', at: '2026-11-10T15:00:00Z', path: '/about', locale: 'lotin', theme: 'light', country: 'UZ' },
  { visitor: 'a', at: '2026-11-12T08:00:00Z', path: '/portfolio', locale: 'english', theme: 'dark', country: 'UZ' },
  {
    visitor: 'b',
    at: '2026-11-11T10:00:00Z',
    device: 'mobile',
    path: '/',
    locale: 'russian',
    theme: 'dark',
    referrer: 'https://t.me/channel/42',
    country: 'RU',
  },
  {
    visitor: 'b',
    at: '2026-11-12T10:30:00Z',
    device: 'mobile',
    path: '/contact',
    locale: 'russian',
    theme: 'dark',
    country: 'RU',
  },
  {
    visitor: 'c',
    at: '2026-11-12T23:59:59Z',
    path: '/portfolio',
    locale: 'english',
    theme: 'light',
    referrer: 'https://www.linkedin.com/feed/',
  },
  // c and h: no country known. Today: a returns two minutes ago, e is new three minutes ago, h came six minutes ago.
  { visitor: 'h', at: '2026-11-22T11:54:00Z', path: '/' },
  { visitor: 'e', at: '2026-11-22T11:57:00Z', device: 'mobile', path: '/', locale: 'russian', country: 'RU' },
  { visitor: 'a', at: '2026-11-22T11:58:00Z', path: '/', locale: 'lotin', theme: 'dark', country: 'UZ' },
];

export const SEEDED_RANGE = { from: '2026-11-10', to: '2026-11-12' };

export const SEEDED_EXPECTED = {
  totals: { visitors: 4, visits: 7, newVisitors: 3, returningVisitors: 1 },
  previous: { from: '2026-11-07', to: '2026-11-09', visitors: 1, visits: 2, newVisitors: 1, returningVisitors: 0 },
  series: [
    { day: '2026-11-10', visitors: 1, visits: 2 },
    { day: '2026-11-11', visitors: 2, visits: 2 },
    { day: '2026-11-12', visitors: 3, visits: 3 },
  ],
  pages: [
    { value: '/', visits: 2 },
    { value: '/about', visits: 2 },
    { value: '/portfolio', visits: 2 },
    { value: '/contact', visits: 1 },
  ],
  languages: [
    { value: 'lotin', visits: 3 },
    { value: 'english', visits: 2 },
    { value: 'russian', visits: 2 },
  ],
  themes: [
    { value: 'dark', visits: 3 },
    { value: 'light', visits: 3 },
    { value: null, visits: 1 },
  ],
  devices: [
    { value: 'web', visits: 5 },
    { value: 'mobile', visits: 2 },
  ],
  // Well-known hosts by their group's name (src/server/stats/referrer-groups.ts).
  referrers: [
    { value: null, visits: 4 },
    { value: 'Google', visits: 1 },
    { value: 'LinkedIn', visits: 1 },
    { value: 'Telegram', visits: 1 },
  ],
  // No visit began on a tagged link.
  sources: [{ value: null, visits: 7 }],
  mediums: [{ value: null, visits: 7 }],
  campaigns: [{ value: null, visits: 7 }],
  // c's country is not known.
  countries: [
    { value: 'UZ', visits: 4 },
    { value: 'RU', visits: 2 },
    { value: null, visits: 1 },
  ],
  now: 2,
};

/** The goals of a period without any (decision 041): the three, each empty. */
export const NO_GOALS = (['cv', 'message', 'outbound'] as const).map((goal) => ({
  goal,
  completions: 0,
  visitors: 0,
  languages: [],
  pages: [],
  targets: [],
}));
