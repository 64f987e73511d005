import { isSection, SECTION_NOT_FOUND, type Section } from '../../../shared/sections.js';
import { requestSection, type SectionData } from './endpoints.js';

export type { SectionData } from './endpoints.js';

interface CachedSection {
  data: unknown;
  fetched: boolean;
  request?: Promise<unknown>;
}

// Spec §3 and §4: each section is fetched once and kept as `{data, fetched}`; later requests reuse it.
const cache = new Map<Section, CachedSection>();

export function cachedSection<Name extends Section>(section: Name): SectionData<Name> | undefined {
  const entry = cache.get(section);
  return entry?.fetched ? (entry.data as SectionData<Name>) : undefined;
}

export async function fetchSection<Name extends Section>(section: Name): Promise<SectionData<Name>> {
  // Spec §5: only the four known sections are ever requested.
  if (!isSection(section)) throw new Error(SECTION_NOT_FOUND);
  const entry = cache.get(section) ?? { data: undefined, fetched: false };
  cache.set(section, entry);
  if (entry.fetched) return entry.data as SectionData<Name>;
  entry.request ??= requestSection(section).then(
    (data) => {
      entry.data = data;
      entry.fetched = true;
      return data;
    },
    (error: unknown) => {
      entry.request = undefined;
      // Spec §8: a failed content fetch is logged to the console in red.
      console.error(
        '%cContent fetch failed: %s: %s',
        'color: red',
        section,
        error instanceof Error ? error.message : error,
      );
      throw error;
    },
  );
  return entry.request as Promise<SectionData<Name>>;
}

/**
 * Sections that came with the page (the server rendered it from them): kept as fetched, so they are
 * not asked for again (spec §3: each section is fetched once).
 */
export function provideSections(sections: { [Name in Section]?: SectionData<Name> }): void {
  for (const [section, data] of Object.entries(sections)) {
    if (data !== undefined && isSection(section)) cache.set(section, { data, fetched: true });
  }
}

/** For tests: forget what was fetched. */
export function clearSectionCache(): void {
  cache.clear();
}
