import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema.js';

/**
 * The largest value of a column (undefined for an empty table): the last rolled-up day, the last
 * week summarised, the latest content version. With an index on the column (each of those is a
 * primary key) both engines read it from one end of the index.
 */
export async function columnMax<Table extends keyof Database & string, Column extends keyof Database[Table] & string>(
  db: Kysely<Database>,
  table: Table,
  column: Column,
): Promise<Database[Table][Column] | undefined> {
  const { rows } = await sql<{
    value: Database[Table][Column] | null;
  }>`select max(${sql.ref(column)}) as value from ${sql.table(table)}`.execute(db);
  return rows[0]?.value ?? undefined;
}
