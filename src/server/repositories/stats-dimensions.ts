import type { StatsDimension } from '../../shared/statistics.js';
import type { VisitTable } from '../db/schema.js';

/** The column of a visit that each breakdown groups by. */
export const DIMENSION_COLUMNS = {
  pages: 'path',
  languages: 'locale',
  themes: 'theme',
  devices: 'device',
  referrers: 'referrer_host',
  sources: 'utm_source',
  mediums: 'utm_medium',
  campaigns: 'utm_campaign',
  countries: 'country',
} as const satisfies Record<StatsDimension, keyof VisitTable>;

// The day arithmetic lives in src/shared, where the dashboard uses it too.
export { addDays, dayOf, daysBetween } from '../../shared/days.js';
