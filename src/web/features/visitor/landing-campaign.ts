import { MAX_SENT_CAMPAIGN_LENGTH } from '../../../shared/statistics.js';

/** The campaign facts a visit's first page sends (the visit body's `source`, `medium`, `campaign`). */
export interface LandingCampaign {
  source?: string;
  medium?: string;
  campaign?: string;
}

/**
 * The campaign of the landing address's query, as Plausible reads it: `utm_source`, else `ref` or
 * `source`; `utm_medium`; `utm_campaign`. Empty values are left out, long ones cut to what the API
 * takes (the server cleans them further before storing them).
 */
export function landingCampaign(search: string): LandingCampaign {
  const query = new URLSearchParams(search);
  const read = (...names: string[]) => {
    for (const name of names) {
      const value = query.get(name)?.trim();
      if (value) return value.slice(0, MAX_SENT_CAMPAIGN_LENGTH);
    }
    return undefined;
  };
  const found: LandingCampaign = {
    source: read('utm_source', 'ref', 'source'),
    medium: read('utm_medium'),
    campaign: read('utm_campaign'),
  };
  return Object.fromEntries(Object.entries(found).filter(([, value]) => value !== undefined));
}
