import type { NotificationSettings } from '../config.js';
import type { Db } from '../db/database.js';

/** What the owner's sign-in routes share: the database, the channels to tell the owner through, the site. */
export interface OwnerAuthContext {
  db: Db;
  notifications: NotificationSettings;
  /** Wakes the outbox worker after a notification was queued. */
  onQueued: () => void;
  /** The site's address now (`site-address.ts`): passkeys are bound to it, links in notifications point at it. */
  siteOrigin: () => string;
}
