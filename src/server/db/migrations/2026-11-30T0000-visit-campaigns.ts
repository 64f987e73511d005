import type { Kysely } from 'kysely';

// Frozen once landed. Campaigns (issue 30, item 2; docs/decisions/039-campaigns-and-message-origin.md):
// the utm_source (or ref), utm_medium and utm_campaign of a visit's landing address, cleaned before
// they are stored; null when the address had none. Their daily counts go into visit_day_breakdowns
// as three more dimensions ('sources', 'mediums', 'campaigns'), so that table needs nothing new.
//
// The message's writer (item 4): the visitor who sent a contact message, when it was counted, so the
// inbox can show the visits that led to it. Null for anyone not counted. Deleting a visitor (after
// the retention period) leaves the id naming nobody, which reads as "not known" (no foreign key:
// the visitors' housekeeping stays one plain delete).
// A type, not an interface: withTables wants an index signature.
type Tables = { visit_day_breakdowns: { dimension: string } };

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('visits').addColumn('utm_source', 'text').execute();
  await db.schema.alterTable('visits').addColumn('utm_medium', 'text').execute();
  await db.schema.alterTable('visits').addColumn('utm_campaign', 'text').execute();
  await db.schema.alterTable('contact_messages').addColumn('visitor_id', 'text').execute();
  // A message's visits are found by the visits_visitor_id index of the initial migration.
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('contact_messages').dropColumn('visitor_id').execute();
  await db.schema.alterTable('visits').dropColumn('utm_campaign').execute();
  await db.schema.alterTable('visits').dropColumn('utm_medium').execute();
  await db.schema.alterTable('visits').dropColumn('utm_source').execute();
  await db
    .withTables<Tables>()
    .deleteFrom('visit_day_breakdowns')
    .where('dimension', 'in', ['sources', 'mediums', 'campaigns'])
    .execute();
}
