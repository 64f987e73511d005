// Made-up but plausible traffic for the dashboard's screenshot: three months of a small portfolio
// site (more on weekdays, a spike when a post was shared on Telegram), written into the built site's
// database with the server's own repositories, as the visitor routes would.
import type { SeedVisit } from '../src/server/test/seed-traffic.js';
import { addDays, dayOf } from '../src/shared/days.js';

/** A small deterministic random source (mulberry32), so every run draws the same site. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let value = Math.imul(state ^ (state >>> 15), 1 | state);
    value = (value + Math.imul(value ^ (value >>> 7), 61 | value)) ^ value;
    return ((value ^ (value >>> 14)) >>> 0) / 4_294_967_296;
  };
}

function pick<T>(next: () => number, weighted: [T, number][]): T {
  const total = weighted.reduce((sum, [, weight]) => sum + weight, 0);
  let roll = next() * total;
  for (const [value, weight] of weighted) {
    roll -= weight;
    if (roll <= 0) return value;
  }
  return weighted[0]?.[0] as T;
}

const PAGES: [string, number][] = [
  ['/', 46],
  ['/portfolio', 28],
  ['/about', 17],
  ['/contact', 9],
];
const LOCALES: [SeedVisit['locale'], number][] = [
  ['lotin', 55],
  ['russian', 31],
  ['english', 14],
];
const THEMES: [SeedVisit['theme'], number][] = [
  ['light', 58],
  ['dark', 37],
  [undefined, 5],
];
const REFERRERS: [string | undefined, number][] = [
  [undefined, 46],
  ['https://www.google.com/', 20],
  ['https://t.me/', 15],
  ['https://www.instagram.com/', 9],
  ['https://www.linkedin.com/', 6],
  ['https://github.com/', 4],
];

const COUNTRIES: [string | undefined, number][] = [
  ['UZ', 58],
  ['RU', 12],
  ['KZ', 8],
  ['US', 6],
  ['DE', 5],
  ['TR', 4],
  ['KR', 3],
  [undefined, 4],
];

/** Some shared links were tagged: the Telegram post of the spike, a LinkedIn post, the CV's own link. */
const CAMPAIGNS: [Pick<SeedVisit, 'source' | 'medium' | 'campaign'> | undefined, number][] = [
  [undefined, 80],
  [{ source: 'telegram', medium: 'social', campaign: 'autumn-2026' }, 10],
  [{ source: 'linkedin', medium: 'social', campaign: 'new-case-study' }, 6],
  [{ source: 'cv', medium: 'pdf' }, 4],
];

/** About `days` days of visits ending now, oldest first. */
export function demoTraffic(now: Date, days = 90): SeedVisit[] {
  const next = random(20261122);
  const visits: SeedVisit[] = [];
  const known: string[] = [];
  const today = dayOf(now);
  for (let back = days - 1; back >= 0; back--) {
    const day = addDays(today, -back);
    const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
    const weekend = weekday === 0 || weekday === 6;
    const growth = 1 + (days - back) / days;
    const spike = back === 19 ? 3.2 : back === 18 ? 1.8 : 1;
    const visitors = Math.round((weekend ? 9 : 16) * growth * spike * (0.8 + next() * 0.4));
    // Today is only part of a day.
    const hours = back === 0 ? Math.max(1, now.getUTCHours()) : 24;
    for (let index = 0; index < visitors * (hours / 24); index++) {
      const returning = known.length > 20 && next() < 0.35;
      const visitor = returning ? (known[Math.floor(next() * known.length)] as string) : `v${known.length}`;
      if (!returning) known.push(visitor);
      const mobile = next() < 0.58;
      const sessions = next() < 0.2 ? 2 : 1;
      for (let session = 0; session < sessions; session++) {
        // Mostly daytime in Tashkent (UTC+5): 03:00–18:00 UTC.
        const hour = Math.min(hours - 1, Math.floor(3 + next() * 15));
        const minute = Math.floor(next() * 60);
        visits.push({
          visitor,
          at: `${day}T${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}:00Z`,
          device: mobile ? 'mobile' : 'web',
          path: pick(next, PAGES),
          locale: pick(next, LOCALES),
          theme: pick(next, THEMES),
          referrer: session === 0 ? pick(next, REFERRERS) : undefined,
          country: pick(next, COUNTRIES),
          ...(session === 0 ? pick(next, CAMPAIGNS) : undefined),
        });
      }
    }
  }
  // Somebody is reading right now.
  for (const minutesAgo of [1, 3]) {
    visits.push({
      visitor: `now-${minutesAgo}`,
      at: new Date(now.getTime() - minutesAgo * 60_000).toISOString(),
      device: 'mobile',
      path: '/portfolio',
      locale: 'russian',
      theme: 'dark',
      referrer: 'https://t.me/',
      country: 'UZ',
    });
  }
  return visits.filter((visit) => visit.at <= now.toISOString());
}

export interface DemoGoal {
  goal: 'cv' | 'message' | 'outbound';
  at: string;
  locale: SeedVisit['locale'];
  page: string;
  target: string | null;
}

const OUTBOUND: [string, number][] = [
  ['https://t.me/example_dilnoza', 5],
  ['https://www.behance.net/example-dilnoza', 4],
  ['https://www.linkedin.com/in/example-dilnoza', 3],
  ['https://github.com/example-dilnoza', 2],
];

/**
 * Goals reached in some of those visits (to the demo content's own links): a CV now and then, a
 * message rarely, an outbound click more often.
 */
export function demoGoals(visits: SeedVisit[]): DemoGoal[] {
  const next = random(20261127);
  const goals: DemoGoal[] = [];
  for (const visit of visits) {
    const locale = visit.locale ?? 'lotin';
    const roll = next();
    const at = new Date(new Date(visit.at).getTime() + 60_000).toISOString();
    if (roll < 0.03) goals.push({ goal: 'cv', at, locale, page: '/about', target: next() < 0.85 ? 'pdf' : 'json' });
    else if (roll < 0.04) goals.push({ goal: 'message', at, locale, page: '/contact', target: null });
    else if (roll < 0.1)
      goals.push({ goal: 'outbound', at, locale, page: visit.path ?? '/', target: pick(next, OUTBOUND) });
  }
  return goals;
}
