// `npm run stats`: anonymous visitor statistics — unique visitors and visits per day, and visits
// by device, language and page.
import { dailyStatistics, visitsBy } from '../repositories/visitor-repository.js';
import { runOwnerCommand } from './owner-command.js';

await runOwnerCommand(
  {
    name: 'stats',
    usage: `Usage: npm run stats [-- --days N]

Anonymous visitor statistics: unique visitors and visits per day (the last N days, default 30),
then visits by device, language and page.

  --days N    how many days back (default 30)
  --help      this text`,
    options: {
      days: { type: 'string', default: '30' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  },
  async (values, db) => {
    const days = await dailyStatistics(db, Number(values.days) || 30);
    console.info('Day          Visitors  Visits');
    for (const day of days)
      console.info(`${day.day}   ${String(day.visitors).padStart(8)}  ${String(day.visits).padStart(6)}`);
    if (days.length === 0) console.info('(no visits yet)');
    for (const column of ['device', 'locale', 'path'] as const) {
      const rows = await visitsBy(db, column);
      console.info(`\nVisits by ${column}:`);
      for (const row of rows) console.info(`  ${(row.value ?? '(not given)').padEnd(24)} ${row.visits}`);
    }
  },
);
