// `npm run stats [-- --days N | --from DAY --to DAY]`: the owner's statistics for a period, from the
// same query as the dashboard (`queryStats`), so both show the same figures.
import { countryNames } from '../../shared/country-names.js';
import { addDays, dayOf } from '../../shared/days.js';
import { type BreakdownItem, type Stats, statsQuerySchema } from '../../shared/schemas/stats.js';
import { STATS_DIMENSIONS, type StatsDimension } from '../../shared/statistics.js';
import { queryStats } from '../repositories/stats-repository.js';
import { OwnerCommandUsageError, runOwnerCommand } from './owner-command.js';
import { terminalLine, terminalText } from './terminal-text.js';

const DIMENSION_TITLES: Record<StatsDimension, string> = {
  pages: 'Pages',
  languages: 'Languages',
  themes: 'Themes',
  devices: 'Devices',
  referrers: 'Referrers',
  sources: 'Campaign sources',
  mediums: 'Campaign mediums',
  campaigns: 'Campaigns',
  countries: 'Countries',
};

const PROBLEMS: Record<string, string> = {
  required: 'a day is missing',
  invalid_date: 'days are written YYYY-MM-DD (UTC days)',
  reversed_range: '--to is before --from',
  range_too_long: 'a period is at most five years long',
};

/** The period asked for: the last N days up to today, or --from to --to (today unless given). */
function periodFrom(values: { days?: string; from?: string; to?: string }, today: string) {
  if (values.days !== undefined && (values.from !== undefined || values.to !== undefined)) {
    throw new OwnerCommandUsageError('give either --days or --from/--to, not both');
  }
  let range: { from: string; to: string };
  if (values.from !== undefined || values.to !== undefined) {
    range = { from: values.from ?? '', to: values.to ?? today };
  } else {
    const days = Number(values.days ?? '30');
    if (!Number.isInteger(days) || days < 1) throw new OwnerCommandUsageError('--days takes a whole number above 0');
    range = { from: addDays(today, 1 - days), to: today };
  }
  // The API's own check of a period, with its limits.
  const parsed = statsQuerySchema.safeParse(range);
  if (!parsed.success) {
    const problem = parsed.error.issues[0]?.message ?? 'invalid_date';
    throw new OwnerCommandUsageError(PROBLEMS[problem] ?? problem);
  }
  return parsed.data;
}

const countryName = countryNames('en', '(unknown)');

const column = (value: number | string, width: number) => String(value).padStart(width);

function printStats(stats: Stats, top: number): void {
  const { totals, previous } = stats;
  console.info(`Statistics from ${stats.from} to ${stats.to} (UTC days)\n`);
  console.info(`${''.padEnd(20)}${column('period', 10)}${column('previous', 10)}`);
  const rows = [
    ['Unique visitors', totals.visitors, previous.visitors],
    ['Visits', totals.visits, previous.visits],
    ['New visitors', totals.newVisitors, previous.newVisitors],
    ['Returning visitors', totals.returningVisitors, previous.returningVisitors],
  ] as const;
  for (const [label, now, before] of rows) console.info(`${label.padEnd(20)}${column(now, 10)}${column(before, 10)}`);
  console.info(`(previous: ${previous.from} to ${previous.to})`);
  console.info(`Visitors now (last 5 minutes): ${stats.now}`);
  if (stats.detailedSince === null || stats.from < stats.detailedSince) {
    console.info(
      stats.detailedSince === null
        ? 'No single visits are kept: unique visitors are the sum of each day’s.'
        : `Single visits are kept from ${stats.detailedSince}; before that, unique visitors are the sum of each day’s.`,
    );
  }

  console.info(`\n${stats.interval === 'hour' ? 'Hour (UTC)' : 'Day'.padEnd(10)}  ${column('Visitors', 8)}  Visits`);
  for (const point of stats.series) {
    const when = point.hour === undefined ? point.day : `${String(point.hour).padStart(2, '0')}:00`.padEnd(10);
    console.info(`${when}  ${column(point.visitors, 8)}  ${column(point.visits, 6)}`);
  }

  for (const dimension of STATS_DIMENSIONS) {
    const items: BreakdownItem[] = stats[dimension];
    console.info(`\n${DIMENSION_TITLES[dimension]} (visits):`);
    if (items.length === 0) console.info('  (none)');
    const unnamed = dimension === 'referrers' ? '(direct)' : dimension === 'countries' ? '(unknown)' : '(not given)';
    for (const item of items.slice(0, top)) {
      const name =
        dimension === 'countries' && item.value !== null ? `${item.value} ${countryName(item.value)}` : item.value;
      console.info(`  ${(name === null ? unnamed : terminalLine(name)).padEnd(30)} ${item.visits}`);
    }
    if (items.length > top) console.info(`  … and ${items.length - top} more (--top ${items.length})`);
  }

  const { cvDownloads } = stats;
  console.info(`\nCV downloads: ${cvDownloads.total}`);
  for (const [title, counts] of [
    ['by language', cvDownloads.languages],
    ['by format', cvDownloads.formats],
  ] as const) {
    if (counts.length > 0) {
      console.info(
        `  ${title}: ${counts.map((count) => `${terminalLine(count.value)} ${count.downloads}`).join(', ')}`,
      );
    }
  }
}

await runOwnerCommand(
  {
    name: 'stats',
    usage: `Usage: npm run stats [-- options]

The owner's statistics for a period of UTC days, the same figures the dashboard (/owner/stats)
shows: unique, new and returning visitors and visits against the previous period, the visitors
and visits of each day (of each hour for a single day), visits by page, language, theme,
device and referrer, and the CV's downloads.

  --days N       the last N days, today included (default 30)
  --from DAY     the first day (YYYY-MM-DD) ...
  --to DAY       ... and the last (default today)
  --top N        at most N rows per breakdown (default 10)
  --json         the dashboard's data as JSON
  --help         this text`,
    options: {
      days: { type: 'string' },
      from: { type: 'string' },
      to: { type: 'string' },
      top: { type: 'string', default: '10' },
      json: { type: 'boolean', default: false },
    },
  },
  async ({ values, openDatabase }) => {
    const now = new Date();
    const range = periodFrom(values, dayOf(now));
    const top = Number(values.top);
    if (!Number.isInteger(top) || top < 1) throw new OwnerCommandUsageError('--top takes a whole number above 0');
    const stats = await queryStats(await openDatabase(), range, now);
    // JSON escapes C0 controls itself, but not DEL, C1 or bidirectional overrides.
    if (values.json) console.info(terminalText(JSON.stringify(stats, null, 2)));
    else printStats(stats, top);
  },
);
