import { Migrator } from 'kysely';
import { expect } from 'vitest';
import type { Db } from '../db/database.js';
import { migrations } from '../db/migrations/index.js';

/**
 * The project's migrations on a test database, run one stretch at a time: a migration's test goes
 * back to the migration before it, stores rows as they were then, and migrates on. Every step must
 * succeed.
 */
export function stepMigrations(database: { db: Db; schema?: string | undefined }) {
  const migrator = new Migrator({
    db: database.db,
    provider: { getMigrations: async () => migrations },
    // As migrateToLatest does: Kysely's bookkeeping tables in the test's own PostgreSQL schema.
    ...(database.schema ? { migrationTableSchema: database.schema } : {}),
  });
  return {
    /** Up or down to the named migration. */
    async to(name: string): Promise<void> {
      expect((await migrator.migrateTo(name)).error).toBeUndefined();
    },
    async toLatest(): Promise<void> {
      expect((await migrator.migrateToLatest()).error).toBeUndefined();
    },
  };
}
