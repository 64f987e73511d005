import type { Migration } from 'kysely';
import * as initial from './2026-11-21T0000-initial.js';
import * as owner from './2026-11-22T0100-owner.js';
import * as rateLimits from './2026-11-22T0200-rate-limits.js';
import * as visitRollups from './2026-11-22T0300-visit-rollups.js';
import * as ownerSettings from './2026-11-23T0000-owner-settings.js';
import * as dropMessageVisitor from './2026-11-23T0100-drop-message-visitor.js';
import * as cvDownloads from './2026-11-23T0200-cv-downloads.js';
import * as ownerSignInFactors from './2026-11-23T0300-owner-sign-in-factors.js';
import * as statisticsInputRules from './2026-11-23T0400-statistics-input-rules.js';
import * as contentVersions from './2026-11-23T0500-content-versions.js';
import * as contentPictures from './2026-11-23T0600-content-pictures.js';
import * as setAsideDrafts from './2026-11-26T0100-set-aside-drafts.js';
import * as contentHistory from './2026-11-26T0200-content-history.js';
import * as collections from './2026-11-27T0000-collections.js';
import * as ownerSetup from './2026-11-28T0000-owner-setup.js';
import * as visitCampaigns from './2026-11-30T0000-visit-campaigns.js';
import * as goals from './2026-12-01T0000-goals.js';
import * as visitCountries from './2026-12-01T0100-visit-countries.js';
import * as statsShares from './2026-12-01T0200-stats-shares.js';

/** Every migration, by name; names sort by date, so Kysely applies them in that order. */
export const migrations: Record<string, Migration> = {
  '2026-11-21T0000-initial': initial,
  '2026-11-22T0100-owner': owner,
  '2026-11-22T0200-rate-limits': rateLimits,
  '2026-11-22T0300-visit-rollups': visitRollups,
  '2026-11-23T0000-owner-settings': ownerSettings,
  '2026-11-23T0100-drop-message-visitor': dropMessageVisitor,
  '2026-11-23T0200-cv-downloads': cvDownloads,
  '2026-11-23T0300-owner-sign-in-factors': ownerSignInFactors,
  '2026-11-23T0400-statistics-input-rules': statisticsInputRules,
  '2026-11-23T0500-content-versions': contentVersions,
  '2026-11-23T0600-content-pictures': contentPictures,
  '2026-11-26T0100-set-aside-drafts': setAsideDrafts,
  '2026-11-26T0200-content-history': contentHistory,
  '2026-11-27T0000-collections': collections,
  '2026-11-28T0000-owner-setup': ownerSetup,
  '2026-11-30T0000-visit-campaigns': visitCampaigns,
  '2026-12-01T0000-goals': goals,
  '2026-12-01T0100-visit-countries': visitCountries,
  '2026-12-01T0200-stats-shares': statsShares,
};
