import { LOCALES, type Locale } from '../../shared/locales.js';
import { entryPath } from '../../shared/schemas/collections.js';
import type { PageItem, Stats } from '../../shared/schemas/stats.js';
import type { ContentSnapshot } from '../content/content-state.js';
import { perVersion } from '../lib/per-version.js';

type Titles = NonNullable<PageItem['titles']>;

/** Only the languages that have a title, in the site's order of languages. */
function titlesIn(titleIn: (locale: Locale) => string | undefined): Titles {
  const titles: Titles = {};
  for (const locale of LOCALES) {
    const title = titleIn(locale);
    if (title !== undefined) titles[locale] = title;
  }
  return titles;
}

/**
 * The title of every collection page a snapshot serves, by its address, in the languages it is
 * written in: the visible notes and projects, and the portfolio's items that have no project entry
 * (their page shows the item). The same pages statistics count as themselves (`entryPagePaths`).
 */
function pageTitles(snapshot: ContentSnapshot): ReadonlyMap<string, Titles> {
  const titles = new Map<string, Titles>();
  for (const item of snapshot.content.portfolio.items) {
    titles.set(
      entryPath('projects', item.id),
      titlesIn((locale) => item.title[locale]),
    );
  }
  // A project entry's page shows the entry, not the portfolio item of the same name.
  for (const entry of snapshot.entries.visible) {
    titles.set(
      entryPath(entry.collection, entry.slug),
      titlesIn((locale) => entry.content.text[locale]?.title),
    );
  }
  return titles;
}

const titlesOf = perVersion(pageTitles);

/**
 * Rows keyed by a page's path with the title of each note's and project's page the snapshot serves;
 * a fixed page, or one that no longer exists (its entry deleted or renamed), keeps its path alone.
 */
export function withTitles<Row extends { value: string | null }>(
  rows: Row[],
  snapshot: ContentSnapshot,
): (Row & { titles?: Titles })[] {
  const titles = titlesOf(snapshot);
  return rows.map((row) => {
    const found = row.value === null ? undefined : titles.get(row.value);
    return found === undefined ? row : { ...row, titles: found };
  });
}

/** The figures with the title of each note's and project's page in the pages' rows (`withTitles`). */
export function withPageTitles(stats: Stats, snapshot: ContentSnapshot): Stats {
  return { ...stats, pages: withTitles(stats.pages, snapshot) };
}
