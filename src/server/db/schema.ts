import type { Generated } from 'kysely';

/**
 * Table types for Kysely. Timestamps are ISO-8601 UTC text and days are `YYYY-MM-DD` text: they
 * sort, compare and group the same way in SQLite and PostgreSQL, which keeps every query portable.
 */
export interface Database {
  visitors: VisitorTable;
  visits: VisitTable;
  contact_messages: ContactMessageTable;
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
}

export interface ContactMessageTable {
  id: string;
  name: string;
  email: string;
  message: string;
  locale: string | null;
  visitor_id: string | null;
  created_at: string;
  read_at: Generated<string | null>;
}
