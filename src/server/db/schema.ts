import type { Generated } from 'kysely';
import type {
  MessageState,
  NotificationChannel,
  NotificationKind,
  NotificationStatus,
  SpamReason,
} from '../../shared/schemas/owner.js';

/**
 * Table types for Kysely. Timestamps are ISO-8601 UTC text and days are `YYYY-MM-DD` text: they
 * sort, compare and group the same way in SQLite and PostgreSQL, which keeps every query portable.
 */
export interface Database {
  visitors: VisitorTable;
  visits: VisitTable;
  contact_messages: ContactMessageTable;
  owner_credentials: OwnerCredentialsTable;
  owner_sessions: OwnerSessionTable;
  sign_in_failures: SignInFailureTable;
  notification_jobs: NotificationJobTable;
  rate_limits: RateLimitTable;
  visit_days: VisitDayTable;
  visit_day_breakdowns: VisitDayBreakdownTable;
  owner_settings: OwnerSettingTable;
  weekly_summaries: WeeklySummaryTable;
  cv_downloads: CvDownloadTable;
  goal_completions: GoalCompletionTable;
  goal_days: GoalDayTable;
  owner_totp: OwnerTotpTable;
  owner_recovery_codes: OwnerRecoveryCodeTable;
  owner_passkeys: OwnerPasskeyTable;
  webauthn_challenges: WebauthnChallengeTable;
  password_reset_tokens: PasswordResetTokenTable;
  owner_setup_tokens: OwnerSetupTokenTable;
  owner_devices: OwnerDeviceTable;
  content_versions: ContentVersionTable;
  content_drafts: ContentDraftTable;
  content_pictures: ContentPictureTable;
  content_set_aside_drafts: ContentSetAsideDraftTable;
  entries: EntryTable;
  entry_versions: EntryVersionTable;
  entry_drafts: EntryDraftTable;
  entry_set_aside_drafts: EntrySetAsideDraftTable;
  entry_slugs: EntrySlugTable;
  stats_shares: StatsShareTable;
}

export interface VisitorTable {
  id: string;
  /** SHA-256 of the token the browser holds; the token itself is never stored. */
  token_hash: string;
  device: string;
  created_at: string;
  last_seen_at: string;
}

export interface VisitTable {
  id: string;
  visitor_id: string;
  device: string;
  visited_on: string;
  visited_at: string;
  path: string | null;
  locale: string | null;
  theme: string | null;
  referrer_host: string | null;
  /** The landing address's utm_source (or ref), utm_medium and utm_campaign, cleaned (`stats/visit-values.ts`). */
  utm_source: Generated<string | null>;
  utm_medium: Generated<string | null>;
  utm_campaign: Generated<string | null>;
  /** The visit's two-letter country code (upper case), never its address; null: unknown (decision 042). */
  country: Generated<string | null>;
  /** 1 for the visit recorded when the visitor was created (spec §4), else 0. */
  first_visit: Generated<number>;
  /** The day of the same visitor's visit before this one; null for a first visit. */
  previous_visit_on: Generated<string | null>;
}

/** The daily aggregates of a finished day (kept after its raw visits are deleted). */
export interface VisitDayTable {
  day: string;
  visitors: number;
  visits: number;
  new_visitors: number;
}

export interface VisitDayBreakdownTable {
  day: string;
  dimension: string;
  /** '' when the visit did not say. */
  value: string;
  visits: number;
}

/** One goal reached (docs/decisions/041-goals.md); kept as long as the raw visits. */
export interface GoalCompletionTable {
  id: string;
  /** 'cv', 'message' or 'outbound'. */
  goal: string;
  day: string;
  completed_at: string;
  visitor_id: string | null;
  visit_id: string | null;
  locale: string | null;
  /** The site's page it happened on (counted as visits' pages are); null when not known. */
  page: string | null;
  /** The CV's format, or the outbound link's address; null for a message. */
  target: string | null;
}

/** A finished day's goals, by dimension ('total', 'languages', 'pages', 'targets'); kept for good. */
export interface GoalDayTable {
  day: string;
  goal: string;
  dimension: string;
  /** '' when not given. */
  value: string;
  completions: number;
  visitors: number;
}

interface ContactMessageTable {
  id: string;
  name: string;
  email: string;
  message: string;
  locale: string | null;
  created_at: string;
  read_at: Generated<string | null>;
  state: Generated<MessageState>;
  state_changed_at: string | null;
  spam_reason: SpamReason | null;
  /** Name, e-mail and message in lower case (JavaScript's Unicode folding), for search. */
  search_text: string | null;
  /** The counted visitor who wrote it (sent with X-Visitor-Key); null when not counted. */
  visitor_id: Generated<string | null>;
}

/** One row (id `owner`): the owner's password as `scrypt$…` with its parameters. */
interface OwnerCredentialsTable {
  id: string;
  password_hash: string;
  updated_at: string;
}

export interface OwnerSessionTable {
  id: string;
  /** SHA-256 of the cookie's token; the token itself is never stored. */
  token_hash: string;
  /** A short description such as "Firefox, Linux", so the owner can tell sessions apart. */
  device: string;
  created_at: string;
  last_seen_at: string;
  expires_at: string;
  /** When this session last proved who it is (sign-in or re-authentication); null in older rows. */
  authenticated_at: string | null;
}

interface SignInFailureTable {
  id: string;
  address: string;
  failed_at: string;
}

/** The outbox: one row per notification to deliver, claimed by one worker at a time. */
export interface NotificationJobTable {
  id: string;
  message_id: string | null;
  channel: NotificationChannel;
  kind: NotificationKind;
  /** JSON for jobs that are not about a stored message (a test notification, a summary). */
  payload: string | null;
  status: NotificationStatus;
  attempts: number;
  next_attempt_at: string;
  /** While a worker sends, the job is leased to it until this time; a crashed worker's lease runs out. */
  locked_until: string | null;
  last_error: string | null;
  created_at: string;
  sent_at: string | null;
}

/** One counter per limit and client (`contact:203.0.113.7`), shared by every process on the database. */
interface RateLimitTable {
  key: string;
  points: number;
  /** When the window ends; a request after it starts a new window at 1. */
  expires_at: string;
}

/** One of the owner's settings (`OWNER_SETTING_KEYS`), its value as text. */
interface OwnerSettingTable {
  key: string;
  value: string;
  updated_at: string;
}

/** A week whose summary e-mail was queued (`2026-W47`): at most one row, so one e-mail, per week. */
interface WeeklySummaryTable {
  week: string;
  queued_at: string;
}

/** CV downloads of one UTC day in one language and format (`pdf`, `json`). */
interface CvDownloadTable {
  day: string;
  locale: string;
  format: string;
  downloads: number;
}

/** One row (id `owner`): the authenticator-app secret (base32), on once confirmed with a code. */
export interface OwnerTotpTable {
  id: string;
  secret: string;
  created_at: string;
  confirmed_at: string | null;
  /** The last 30-second step whose code was accepted: a code of that step or before is refused. */
  last_used_step: Generated<number | string>;
}

/** A single-use recovery code, as the SHA-256 of its normalised text. */
interface OwnerRecoveryCodeTable {
  id: string;
  code_hash: string;
  created_at: string;
  used_at: string | null;
}

/** A passkey (WebAuthn credential) the owner added; the public key base64url-encoded. */
export interface OwnerPasskeyTable {
  id: string;
  credential_id: string;
  public_key: string;
  /** The authenticator's signature counter (uint32; bigint, so PostgreSQL answers it as text). */
  counter: number | string;
  /** JSON array of the transports the browser reported, when it did. */
  transports: string | null;
  name: string;
  created_at: string;
  last_used_at: string | null;
}

/** A WebAuthn challenge handed out and not yet answered; one answer consumes it. */
interface WebauthnChallengeTable {
  challenge: string;
  /** `registration` (adding a passkey) or `authentication` (signing in, re-authenticating). */
  purpose: string;
  /** The session that asked, for a registration. */
  session_id: string | null;
  expires_at: string;
}

/** A password-reset link's token, as its SHA-256; deleted when used. */
interface PasswordResetTokenTable {
  token_hash: string;
  created_at: string;
  expires_at: string;
}

/** The set-up link printed while no password exists (at most one): the SHA-256 of its token. */
interface OwnerSetupTokenTable {
  token_hash: string;
  created_at: string;
  expires_at: string;
}

/** A browser the owner has signed in from, known by the SHA-256 of its long-lived device cookie. */
interface OwnerDeviceTable {
  token_hash: string;
  device: string;
  first_seen_at: string;
  last_seen_at: string;
}

/** A published version of the whole site's content; never rewritten. */
interface ContentVersionTable {
  number: number;
  /** Every section, as JSON text. */
  content: string;
  created_at: string;
  /** `editor`, `files` or `restore`. */
  source: string;
  note: string | null;
  /** For a `files` import: the hash of the folder it came from. */
  files_hash: string | null;
  /** For a `restore`: the version it is a copy of (null for restores older than the column). */
  restored_from: number | null;
}

/** The one working draft (id `draft`); it may be invalid. */
interface ContentDraftTable {
  id: string;
  content: string;
  based_on: number | null;
  /** Raised by each save; a save must name the revision it started from. */
  revision: number;
  updated_at: string;
}

/** A draft a restore replaced, kept until the owner brings it back (the newest few are kept). */
interface ContentSetAsideDraftTable {
  id: string;
  content: string;
  /** The published version that draft had started from. */
  based_on: number | null;
  set_aside_at: string;
  /** The version whose restore replaced it; null when bringing back another set-aside draft did. */
  restored_version: number | null;
}

/** A content picture, by the path content names it with; variants are made from `bytes` per machine. */
interface ContentPictureTable {
  path: string;
  content_type: string;
  bytes: Buffer;
  width: number;
  height: number;
  sha256: string;
  size: number;
  created_at: string;
}

/** An entry of a collection (issue 27); never deleted as a row (`deleted_at` marks it). */
interface EntryTable {
  id: string;
  /** `notes` or `projects`. */
  collection: string;
  /** The latest version's slug, or the one it was created with. */
  slug: string;
  created_at: string;
  deleted_at: string | null;
  latest_version: number | null;
  /** ISO UTC from when visitors see the latest version; null for a draft or a deleted entry. */
  visible_from: string | null;
}

/** A published version of one entry; the numbers are one sequence over every entry. */
interface EntryVersionTable {
  number: number;
  entry_id: string;
  /** The entry's content (`EntryContent`), as JSON text. */
  content: string;
  /** Its rendering (`RenderedEntry`), as JSON text. */
  rendered: string;
  created_at: string;
  /** `editor`, `files` or `restore`. */
  source: string;
  note: string | null;
  /** For a `restore`: the version it is a copy of. */
  restored_from: number | null;
}

/** An entry's working draft; it may be invalid. */
interface EntryDraftTable {
  entry_id: string;
  content: string;
  based_on: number | null;
  /** Raised by each save; a save must name the revision it started from. */
  revision: number;
  updated_at: string;
}

/** A draft of an entry that a restore replaced (the newest few per entry are kept). */
interface EntrySetAsideDraftTable {
  id: string;
  entry_id: string;
  content: string;
  based_on: number | null;
  set_aside_at: string;
  restored_version: number | null;
}

/** Every slug an entry was published under (or holds before its first publish): unique per collection forever. */
interface EntrySlugTable {
  collection: string;
  slug: string;
  entry_id: string;
}

/** A read-only link to the statistics (docs/decisions/043-shared-statistics.md); the token itself is never stored. */
export interface StatsShareTable {
  id: string;
  /** SHA-256 (hex) of the link's token. */
  token_hash: string;
  name: string;
  /** scrypt, as the owner's password (`auth/password.ts`); null: no password. */
  password_hash: string | null;
  created_at: string;
  /** null: the link does not expire. */
  expires_at: string | null;
  revoked_at: string | null;
  last_viewed_at: string | null;
}
