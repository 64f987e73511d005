import type { Device } from '../../shared/device.js';
import type { Locale } from '../../shared/locales.js';
import type { Db } from '../db/database.js';
import { createVisitor, findVisitorIdByToken, recordVisit } from '../repositories/visitor-repository.js';

export interface SeedVisit {
  /** Any name; a visitor's first visit in the list creates it. */
  visitor: string;
  at: string;
  device?: Device;
  path?: string;
  locale?: Locale;
  theme?: 'light' | 'dark';
  referrer?: string;
  /** The country the server would have found (a two-letter code). */
  country?: string;
  /** The landing address's `utm_source`, `utm_medium` and `utm_campaign` (decision 039). */
  source?: string;
  medium?: string;
  campaign?: string;
}

/** Records visits as the visitor routes would (in time order); answers each visitor's token. */
export async function seedTraffic(db: Db, visits: SeedVisit[]): Promise<Map<string, string>> {
  const tokens = new Map<string, string>();
  const ids = new Map<string, string>();
  const ordered = [...visits].sort((a, b) => a.at.localeCompare(b.at));
  for (const { visitor, at, device = 'web', ...details } of ordered) {
    const id = ids.get(visitor);
    if (id) {
      await recordVisit(db, id, device, details, new Date(at));
      continue;
    }
    const token = await createVisitor(db, device, new Date(at), details);
    const created = await findVisitorIdByToken(db, token);
    if (!created) throw new Error(`visitor ${visitor} was not created`);
    tokens.set(visitor, token);
    ids.set(visitor, created);
  }
  return tokens;
}
