import { type Kysely, sql } from 'kysely';
import type { CvFormat } from '../../shared/cv.js';
import type { Locale } from '../../shared/locales.js';
import type { CvDownloads } from '../../shared/schemas/stats.js';
import type { Database } from '../db/schema.js';

/** Counts one CV download on its UTC day; one counter row per day, language and format. */
export async function recordCvDownload(
  db: Kysely<Database>,
  locale: Locale,
  format: CvFormat,
  now: Date = new Date(),
): Promise<void> {
  await db
    .insertInto('cv_downloads')
    .values({ day: now.toISOString().slice(0, 10), locale, format, downloads: 1 })
    .onConflict((conflict) =>
      conflict.columns(['day', 'locale', 'format']).doUpdateSet({ downloads: sql<number>`cv_downloads.downloads + 1` }),
    )
    .execute();
}

/** CV downloads in a range of UTC days (both included): the total, the days that had any, and by language and format. */
export async function cvDownloadsBetween(db: Kysely<Database>, from: string, to: string): Promise<CvDownloads> {
  const rows = await db
    .selectFrom('cv_downloads')
    .select(['day', 'locale', 'format', 'downloads'])
    .where('day', '>=', from)
    .where('day', '<=', to)
    .orderBy('day')
    .execute();
  const byDay = new Map<string, number>();
  const byLanguage = new Map<string, number>();
  const byFormat = new Map<string, number>();
  let total = 0;
  for (const row of rows) {
    const downloads = Number(row.downloads);
    total += downloads;
    byDay.set(row.day, (byDay.get(row.day) ?? 0) + downloads);
    byLanguage.set(row.locale, (byLanguage.get(row.locale) ?? 0) + downloads);
    byFormat.set(row.format, (byFormat.get(row.format) ?? 0) + downloads);
  }
  const largestFirst = (counts: Map<string, number>) =>
    [...counts].map(([value, downloads]) => ({ value, downloads })).sort((a, b) => b.downloads - a.downloads);
  return {
    total,
    days: [...byDay].map(([day, downloads]) => ({ day, downloads })),
    languages: largestFirst(byLanguage),
    formats: largestFirst(byFormat),
  };
}
