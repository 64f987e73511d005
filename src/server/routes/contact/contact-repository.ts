import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { ContactMessage } from '../../../shared/schemas/contact.js';
import type { Database } from '../../db/schema.js';

export async function saveContactMessage(
  db: Kysely<Database>,
  message: ContactMessage,
  visitorId: string | undefined,
  now = new Date(),
): Promise<string> {
  const id = randomUUID();
  await db
    .insertInto('contact_messages')
    .values({
      id,
      name: message.name,
      email: message.email,
      message: message.message,
      locale: message.locale ?? null,
      visitor_id: visitorId ?? null,
      created_at: now.toISOString(),
    })
    .execute();
  return id;
}

export async function listContactMessages(
  db: Kysely<Database>,
  options: { unreadOnly?: boolean; limit?: number } = {},
) {
  let query = db
    .selectFrom('contact_messages')
    .selectAll()
    .orderBy('created_at', 'desc')
    .limit(options.limit ?? 50);
  if (options.unreadOnly) query = query.where('read_at', 'is', null);
  return query.execute();
}

export async function markContactMessagesRead(db: Kysely<Database>, ids: string[], now = new Date()): Promise<void> {
  if (ids.length === 0) return;
  await db.updateTable('contact_messages').set({ read_at: now.toISOString() }).where('id', 'in', ids).execute();
}
