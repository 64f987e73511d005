import { LOCALES, type Locale } from '../../../../shared/locales.js';
import { OTHER_VALUE, type PageItem } from '../../../../shared/schemas/stats.js';
import type { StatsDimension } from '../../../../shared/statistics.js';

/** How many rows a breakdown shows before "Show all". */
export const BREAKDOWN_PREVIEW = 8;

/** A row of any breakdown; only a page's may have titles. */
export interface BreakdownRow extends PageItem {
  /** Percent of all the range's visits (one decimal), for the figure. */
  share: number;
  /** Percent of the largest row, for the bar: the leader fills the row, as in Plausible. */
  bar: number;
}

/** The rows of a breakdown, largest first as the server sends them, with their shares. */
export function breakdownRows(items: PageItem[], totalVisits: number): BreakdownRow[] {
  const largest = items.reduce((max, item) => Math.max(max, item.visits), 0);
  return items.map((item) => ({
    ...item,
    share: totalVisits === 0 ? 0 : Math.round((item.visits / totalVisits) * 1000) / 10,
    bar: largest === 0 ? 0 : Math.round((item.visits / largest) * 1000) / 10,
  }));
}

/** The owner's words for the values a breakdown does not show as they are. */
export interface BreakdownLabels {
  /** Translated names of known values (languages, themes, devices); empty for pages and hosts. */
  names: ReadonlyMap<string, string>;
  direct: string;
  notGiven: string;
  other: string;
}

/**
 * A row's name: a known value by its translated name, anything else as it is. Values come from
 * visitors, so names are looked up in a Map: a plain object answers `constructor` or `__proto__`
 * with Object.prototype's properties, which React cannot render.
 */
export function breakdownLabel(dimension: StatsDimension, value: string | null, labels: BreakdownLabels): string {
  if (value === null) return dimension === 'referrers' ? labels.direct : labels.notGiven;
  if (value === OTHER_VALUE) return labels.other;
  return labels.names.get(value) ?? value;
}

/**
 * A note's or project's page by its title: in the owner's language when the entry is written in it,
 * else in its first language; undefined for a page without titles (a fixed one, or one gone since).
 */
export function pageTitle(titles: PageItem['titles'], locale: Locale): string | undefined {
  if (titles === undefined) return undefined;
  return titles[locale] ?? LOCALES.map((candidate) => titles[candidate]).find((title) => title !== undefined);
}
