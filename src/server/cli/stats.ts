// `npm run stats`: anonymous visitor statistics — unique visitors and visits per day, and visits
// by device, language and page.
import { dailyStatistics, visitsBy } from '../routes/visitor/visitor-repository.js';
import { openSiteDatabase } from './open-database.js';

const db = await openSiteDatabase();
try {
  const days = await dailyStatistics(db, 30);
  console.info('Day          Visitors  Visits');
  for (const day of days)
    console.info(`${day.day}   ${String(day.visitors).padStart(8)}  ${String(day.visits).padStart(6)}`);
  if (days.length === 0) console.info('(no visits yet)');
  for (const column of ['device', 'locale', 'path'] as const) {
    const rows = await visitsBy(db, column);
    console.info(`\nVisits by ${column}:`);
    for (const row of rows) console.info(`  ${(row.value ?? '(not given)').padEnd(24)} ${row.visits}`);
  }
} finally {
  await db.destroy();
}
