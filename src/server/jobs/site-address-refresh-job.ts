import type { SiteAddress } from '../site-address/site-address.js';
import type { Job } from './scheduler.js';

/**
 * Uses an address the owner saved in another process within about a second (one lookup of one row
 * on its primary key each turn), as `content-refresh-job.ts` does for content versions.
 */
export function siteAddressRefreshJob(address: SiteAddress, { intervalMs = 1000 }: { intervalMs?: number } = {}): Job {
  return {
    name: 'site-address-refresh',
    intervalMs,
    async run({ log }) {
      if (await address.refresh()) log.info({ origin: address.origin }, `the site's address is now ${address.origin}`);
    },
  };
}
