import { useEffect, useState } from 'react';
import type { Section } from '../../../shared/sections.js';
import { cachedSection, fetchSection, type SectionData } from './content-api.js';

/**
 * A section's content for a component: at once when it was fetched before (a route loader fetches
 * its page's section before the page renders), otherwise after one shared fetch. Until then, and
 * after a failure (logged by fetchSection, spec §8), it is undefined.
 */
export function useSection<Name extends Section>(section: Name): SectionData<Name> | undefined {
  const [data, setData] = useState(() => cachedSection(section));
  useEffect(() => {
    if (data) return;
    let current = true;
    fetchSection(section).then(
      (fetched) => {
        if (current) setData(fetched);
      },
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [section, data]);
  return data;
}
