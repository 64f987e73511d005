import type { BreakdownItem } from '../../../../shared/schemas/stats.js';

/** How many rows a breakdown shows before "Show all". */
export const BREAKDOWN_PREVIEW = 8;

export interface BreakdownRow extends BreakdownItem {
  /** Percent of all the range's visits (one decimal), for the figure. */
  share: number;
  /** Percent of the largest row, for the bar: the leader fills the row, as in Plausible. */
  bar: number;
}

/** The rows of a breakdown, largest first as the server sends them, with their shares. */
export function breakdownRows(items: BreakdownItem[], totalVisits: number): BreakdownRow[] {
  const largest = items.reduce((max, item) => Math.max(max, item.visits), 0);
  return items.map((item) => ({
    ...item,
    share: totalVisits === 0 ? 0 : Math.round((item.visits / totalVisits) * 1000) / 10,
    bar: largest === 0 ? 0 : Math.round((item.visits / largest) * 1000) / 10,
  }));
}
