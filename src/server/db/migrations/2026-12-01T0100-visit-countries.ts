import type { Kysely } from 'kysely';

// Frozen once landed. Countries (issue 30, item 3; docs/decisions/042-countries.md): a visit's
// two-letter country code (ISO 3166-1 alpha-2, upper case), from a trusted proxy's header or the
// offline country database; null when unknown, as for every visit recorded before this. The address
// it came from is never stored. The daily counts go into visit_day_breakdowns as the dimension
// 'countries', so that table needs nothing new.
// A type, not an interface: withTables wants an index signature.
type Tables = { visit_day_breakdowns: { dimension: string } };

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('visits').addColumn('country', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('visits').dropColumn('country').execute();
  await db.withTables<Tables>().deleteFrom('visit_day_breakdowns').where('dimension', '=', 'countries').execute();
}
