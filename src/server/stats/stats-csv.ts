import { toCsv } from '../../shared/csv.js';
import { GOAL_DIMENSIONS } from '../../shared/goals.js';
import type { Stats } from '../../shared/schemas/stats.js';
import { STATS_DIMENSIONS } from '../../shared/statistics.js';

/**
 * The dashboard's figures for a range as one CSV (issue 30, decision 044): a tidy long table of four
 * columns, `section,key,metric,value`, one figure a row, so a spreadsheet filters or pivots it
 * without knowing its sections. Sections: `period`, `totals`, `previous` (the period before),
 * `series` (per day, or per UTC hour for one day), one per breakdown of `STATS_DIMENSIONS` under its
 * own name (a new dimension appears by itself), `cv_downloads`, `cv_downloads_days`,
 * `cv_downloads_languages`, `cv_downloads_formats`, and the goals: `goals` (each goal's visitors and
 * completions) and `goals_languages`, `goals_pages`, `goals_targets` (keyed `goal:value`). An empty key in a breakdown is "not given" (for
 * referrers: a direct visit). Written by the inbox export's writer: every cell formula-safe.
 */
const STATS_CSV_HEADER = ['section', 'key', 'metric', 'value'];

type Row = [section: string, key: string | null, metric: string | null, value: string | number | null];

const hourKey = (day: string, hour: number) => `${day}T${String(hour).padStart(2, '0')}:00Z`;

export function statsCsv(stats: Stats): string {
  const rows: Row[] = [
    ['period', 'from', null, stats.from],
    ['period', 'to', null, stats.to],
    ['period', 'interval', null, stats.interval],
    ['period', 'detailed_since', null, stats.detailedSince],
    ['previous', 'from', null, stats.previous.from],
    ['previous', 'to', null, stats.previous.to],
  ];
  const totals = (section: string, figures: Stats['totals']) => {
    rows.push(
      [section, null, 'visitors', figures.visitors],
      [section, null, 'visits', figures.visits],
      [section, null, 'new_visitors', figures.newVisitors],
      [section, null, 'returning_visitors', figures.returningVisitors],
    );
  };
  totals('totals', stats.totals);
  totals('previous', stats.previous);
  for (const point of stats.series) {
    const key = point.hour === undefined ? point.day : hourKey(point.day, point.hour);
    rows.push(['series', key, 'visitors', point.visitors], ['series', key, 'visits', point.visits]);
  }
  for (const dimension of STATS_DIMENSIONS) {
    for (const item of stats[dimension]) rows.push([dimension, item.value, 'visits', item.visits]);
  }
  const { cvDownloads } = stats;
  rows.push(['cv_downloads', null, 'downloads', cvDownloads.total]);
  for (const day of cvDownloads.days) rows.push(['cv_downloads_days', day.day, 'downloads', day.downloads]);
  for (const item of cvDownloads.languages)
    rows.push(['cv_downloads_languages', item.value, 'downloads', item.downloads]);
  for (const item of cvDownloads.formats) rows.push(['cv_downloads_formats', item.value, 'downloads', item.downloads]);
  // Goals (decision 041): each goal's visitors and completions, then its breakdowns, the goal named in
  // the key (`cv:/about`), so one filter on the section gives a breakdown of every goal.
  for (const goal of stats.goals) {
    rows.push(['goals', goal.goal, 'visitors', goal.visitors], ['goals', goal.goal, 'completions', goal.completions]);
  }
  for (const dimension of GOAL_DIMENSIONS) {
    for (const goal of stats.goals) {
      for (const item of goal[dimension]) {
        rows.push([`goals_${dimension}`, `${goal.goal}:${item.value ?? ''}`, 'completions', item.completions]);
      }
    }
  }
  return toCsv(STATS_CSV_HEADER, rows);
}

/** The file's name, as the series export named it: one day, or the first and last day. */
export function statsCsvFileName({ from, to }: Pick<Stats, 'from' | 'to'>): string {
  return from === to ? `statistics-${from}.csv` : `statistics-${from}-to-${to}.csv`;
}
