import type { PeriodTotals, Stats } from '../../../../shared/schemas/stats.js';
import { changePercent } from '../../../../shared/statistics.js';

/**
 * The headline figures and their change against the previous period of the same length, as pure
 * data (the component only draws it).
 */
const FIGURES = ['visitors', 'visits', 'visits_per_visitor', 'new_visitors', 'returning_visitors'] as const;
type FigureKey = (typeof FIGURES)[number];

export interface Figure {
  key: FigureKey;
  value: number;
  previous: number;
  /** Whole percent up (positive) or down; null when the previous period had none to compare with. */
  change: number | null;
}

/** Visits per unique visitor, to one decimal; 0 when there was nobody. */
export function visitsPerVisitor({ visits, visitors }: Pick<PeriodTotals, 'visits' | 'visitors'>): number {
  return visitors === 0 ? 0 : Math.round((visits / visitors) * 10) / 10;
}

function figureValue(key: FigureKey, totals: PeriodTotals): number {
  switch (key) {
    case 'visitors':
      return totals.visitors;
    case 'visits':
      return totals.visits;
    case 'visits_per_visitor':
      return visitsPerVisitor(totals);
    case 'new_visitors':
      return totals.newVisitors;
    case 'returning_visitors':
      return totals.returningVisitors;
  }
}

export function topFigures(stats: Pick<Stats, 'totals' | 'previous'>): Figure[] {
  return FIGURES.map((key) => {
    const value = figureValue(key, stats.totals);
    const previous = figureValue(key, stats.previous);
    return { key, value, previous, change: changePercent(value, previous) };
  });
}
