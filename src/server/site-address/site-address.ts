import { type SITE_ADDRESS_SOURCES, siteAddressProblem } from '../../shared/schemas/site-address.js';
import type { Db } from '../db/database.js';
import { ownerSetting, putOwnerSetting } from '../repositories/owner-settings-repository.js';

/** The `owner_settings` row of the address the owner confirmed in Settings. */
const SITE_ADDRESS_KEY = 'site_address';

type SiteAddressSource = (typeof SITE_ADDRESS_SOURCES)[number];

/**
 * The site's address as every part of the server uses it (docs/decisions/033): PUBLIC_URL when the
 * environment sets it, else the address the owner confirmed in Settings, else a fixed local one. The
 * stored address is kept in memory and read again every second (`site-address-refresh-job.ts`), so a
 * change made in one process is used by every other within about a second, and pages never wait on
 * the database for it. Never a request's Host header: pages made with it are kept for every visitor.
 */
export class SiteAddress {
  private stored: string | undefined;

  constructor(
    private readonly db: Db,
    private readonly fixed: { environment: string | undefined; fallback: string },
  ) {}

  /** The origin absolute addresses are built on now. */
  get origin(): string {
    return this.fixed.environment ?? this.stored ?? this.fixed.fallback;
  }

  /** The address someone chose (the environment or the owner); undefined while the fallback is used. */
  get configured(): string | undefined {
    return this.fixed.environment ?? this.stored;
  }

  get source(): SiteAddressSource {
    if (this.fixed.environment !== undefined) return 'environment';
    return this.stored === undefined ? 'none' : 'setting';
  }

  /** Reads the stored address again; answers whether it changed. A value that is not an address is none. */
  async refresh(): Promise<boolean> {
    const value = await ownerSetting(this.db, SITE_ADDRESS_KEY);
    const stored = value !== undefined && siteAddressProblem(value) === undefined ? value : undefined;
    if (stored === this.stored) return false;
    this.stored = stored;
    return true;
  }

  /** Keeps the owner's address (an origin, checked by the route's schema); this process uses it at once. */
  async save(origin: string, now = new Date()): Promise<void> {
    await putOwnerSetting(this.db, SITE_ADDRESS_KEY, origin, now);
    this.stored = origin;
  }
}
