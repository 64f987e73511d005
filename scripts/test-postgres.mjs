#!/usr/bin/env node
// The storage tests again, on PostgreSQL: TEST_DATABASE_URL, or the local server.
//
// `npm test` runs every server test on SQLite. What can differ on PostgreSQL is what the database
// itself does: the SQL the repositories and stores write, the migrations, transactions, locks and
// unique keys under concurrent writers, two processes on one database. Those tests run here again;
// the rest (routes' validation, rendering, headers, the CLI's words) meets the database only through
// the same repositories and would repeat what SQLite already proved.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';

/** The storage tests: whole folders of storage code, and the tests of behaviour that rests on the database. */
const STORAGE_TESTS = [
  // Every query and migration.
  'src/server/repositories',
  'src/server/db',
  // Stores with their own SQL: rate limits, sign-in attempts and slots, picture usage, the outbox's claims.
  'src/server/rate-limit',
  'src/server/outbox',
  'src/server/pictures/media.test.ts',
  'src/server/stats',
  // Jobs that delete, roll up or publish on a schedule, possibly in two processes at once.
  'src/server/jobs',
  // Publishing, drafts and their revisions (409 on a stale one), restore beside an autosave, two processes.
  'src/server/content/publish-across-processes.test.ts',
  'src/server/content/content-state.test.ts',
  'src/server/content/import-content-files.test.ts',
  // The collections' files: entries created, published only when their files changed, taken down by removal.
  'src/server/content/import-entry-files.test.ts',
  'src/server/routes/owner/content.test.ts',
  'src/server/routes/owner/content-restore.test.ts',
  // An entry's drafts (409 on a stale one), publish with its slugs kept per collection, restore with set-aside, delete.
  'src/server/routes/owner/entries.test.ts',
  'src/server/routes/owner/pictures-privacy.test.ts',
  // Counting: sign-in failures, floods and reset requests per source, statistics and the CLI's reading.
  'src/server/routes/owner/sign-in-lockout.test.ts',
  'src/server/routes/owner/sign-in-flood.test.ts',
  'src/server/routes/owner/sign-in-reset-requests.test.ts',
  // The set-up link: used once, in one transaction with the first password.
  'src/server/routes/owner/setup.test.ts',
  // E-mail in Settings: one owner_settings row, the password sealed, read at each send (issue 28).
  'src/server/routes/owner/email-settings.test.ts',
  // Telegram in Settings: the token sealed, the chat stored by one of two processes (compare-and-set).
  'src/server/routes/owner/telegram-settings.test.ts',
  // The site's address: kept in owner_settings, read again by every process (issue 28).
  'src/server/routes/owner/site-address.test.ts',
  // Backups in Settings: the schedule in owner_settings; on PostgreSQL the card says pg_dump and the download is 409.
  'src/server/routes/owner/backups.test.ts',
  // The notices: their choices and language in owner_settings, the digest's period claimed by one of two processes.
  'src/server/routes/owner/notices.test.ts',
  // The set-up checklist: its steps read from several tables, what was once done kept in owner_settings.
  'src/server/routes/owner/setup-checklist.test.ts',
  'src/server/routes/owner/stats.test.ts',
  // Shared statistics links: the token's hash, revoked and expired links, the password's tries per link (decision 043).
  'src/server/routes/shared/shared-stats.test.ts',
  // Now (each recent visitor's latest page) and the CSV export of the same figures (decision 044).
  'src/server/routes/owner/stats-now.test.ts',
  'src/server/routes/owner/stats-export.test.ts',
  // The visit behind each message: the writer's visits read by visitor id (decision 039).
  'src/server/routes/owner/message-origin.test.ts',
  // Goals: a CV download, a message and an outbound click, each counted once (decision 041).
  'src/server/routes/visitor/goals.test.ts',
  'src/server/cli/stats-cli.test.ts',
  // Countries (decision 042): stored as a code, rolled up, and no address in any table.
  'src/server/routes/visitor/countries.test.ts',
  'src/server/cli/backup.test.ts',
  // A test app is handed over once its start-up jobs have run (a roll-up raced seeded visits on PostgreSQL).
  'src/server/test/helper.test.ts',
];

// A renamed or moved test must not drop out of this run unnoticed.
const missing = STORAGE_TESTS.filter((entry) => !existsSync(entry));
if (missing.length > 0) {
  console.error(`scripts/test-postgres.mjs names tests that do not exist:\n  ${missing.join('\n  ')}`);
  process.exit(1);
}
const hasTests = (folder) => readdirSync(folder, { recursive: true }).some((file) => String(file).endsWith('.test.ts'));
const empty = STORAGE_TESTS.filter((entry) => !entry.endsWith('.ts') && !hasTests(entry));
if (empty.length > 0) {
  console.error(`scripts/test-postgres.mjs names folders without tests:\n  ${empty.join('\n  ')}`);
  process.exit(1);
}

const url = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
console.info(`▶ Storage tests on PostgreSQL (${url.replace(/:[^:@/]*@/, ':***@')})`);
const result = spawnSync('npx', ['vitest', 'run', ...STORAGE_TESTS], {
  stdio: 'inherit',
  env: { ...process.env, TEST_DATABASE_URL: url },
});
process.exit(result.status ?? 1);
