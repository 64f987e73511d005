import { randomUUID } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import { addDays } from '../../shared/days.js';
import { isMoveAllowed, statesAllowedToMoveTo } from '../../shared/inbox-moves.js';
import type { ContactMessage } from '../../shared/schemas/contact.js';
import {
  type Delivery,
  MESSAGE_STATES,
  type MessageState,
  type NotificationChannel,
  type OwnerMessage,
  type SpamReason,
  TRASH_RETENTION_DAYS,
} from '../../shared/schemas/owner.js';
import type { Database, NotificationJobTable } from '../db/schema.js';
import { toDelivery } from './notification-repository.js';

/** The inbox folder: what the owner sees when no state is chosen. */
const INBOX_STATES: MessageState[] = ['new', 'read', 'replied'];

export interface SaveOptions {
  /** Set when the message looks like spam: it is kept in the spam folder and nobody is notified. */
  spamReason?: SpamReason;
  /** One notification job per channel, written in the same transaction as the message. */
  channels?: NotificationChannel[];
  /** The counted visitor who wrote it, whose visits the inbox shows (decision 039). */
  visitorId?: string;
  now?: Date;
}

function searchText(message: Pick<ContactMessage, 'name' | 'email' | 'message'>): string {
  return [message.name, message.email, message.message].join('\n').toLocaleLowerCase();
}

/**
 * Stores a visitor's message and its notification jobs in one transaction (the outbox): once the
 * visitor is told "sent", the message and the promise to tell the owner are both on disk.
 */
export async function saveContactMessage(
  db: Kysely<Database>,
  message: ContactMessage,
  { spamReason, channels = [], visitorId, now = new Date() }: SaveOptions = {},
): Promise<string> {
  const id = randomUUID();
  const timestamp = now.toISOString();
  await db.transaction().execute(async (transaction) => {
    await transaction
      .insertInto('contact_messages')
      .values({
        id,
        name: message.name,
        email: message.email,
        message: message.message,
        locale: message.locale ?? null,
        created_at: timestamp,
        state: spamReason ? 'spam' : 'new',
        state_changed_at: spamReason ? timestamp : null,
        spam_reason: spamReason ?? null,
        search_text: searchText(message),
        visitor_id: visitorId ?? null,
      })
      .execute();
    if (spamReason || channels.length === 0) return;
    await transaction
      .insertInto('notification_jobs')
      .values(
        channels.map((channel) => ({
          id: randomUUID(),
          message_id: id,
          channel,
          kind: 'message' as const,
          payload: null,
          status: 'pending' as const,
          attempts: 0,
          next_attempt_at: timestamp,
          locked_until: null,
          last_error: null,
          created_at: timestamp,
          sent_at: null,
        })),
      )
      .execute();
  });
  return id;
}

export interface ListOptions {
  state?: MessageState;
  q?: string;
  page?: number;
  pageSize?: number;
}

/** `%`, `_` and `\` typed by the owner are searched for literally. */
function likePattern(query: string): string {
  return `%${query.toLocaleLowerCase().replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

function filtered(db: Kysely<Database>, { state, q }: ListOptions) {
  let query = db.selectFrom('contact_messages');
  query = state ? query.where('state', '=', state) : query.where('state', 'in', INBOX_STATES);
  if (q) query = query.where(sql<boolean>`search_text like ${likePattern(q)} escape '\\'`);
  return query;
}

type MessageRow = Awaited<ReturnType<typeof findMessageRows>>[number];

function findMessageRows(db: Kysely<Database>, ids: string[]) {
  return db.selectFrom('contact_messages').selectAll().where('id', 'in', ids).execute();
}

async function withDeliveries(db: Kysely<Database>, rows: MessageRow[]): Promise<OwnerMessage[]> {
  const ids = rows.map((row) => row.id);
  const jobs: NotificationJobTable[] =
    ids.length === 0
      ? []
      : await db
          .selectFrom('notification_jobs')
          .selectAll()
          .where('message_id', 'in', ids)
          .orderBy('created_at', 'asc')
          .execute();
  const byMessage = new Map<string, Delivery[]>();
  for (const job of jobs) {
    if (!job.message_id) continue;
    const list = byMessage.get(job.message_id) ?? [];
    list.push(toDelivery(job));
    byMessage.set(job.message_id, list);
  }
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    email: row.email,
    message: row.message,
    locale: row.locale,
    state: row.state,
    spamReason: row.spam_reason,
    createdAt: row.created_at,
    stateChangedAt: row.state_changed_at,
    deliveries: byMessage.get(row.id) ?? [],
  }));
}

/** One page of messages, newest first, with the total and the number of messages in each state. */
export async function listMessages(db: Kysely<Database>, options: ListOptions = {}) {
  const page = options.page ?? 1;
  const pageSize = options.pageSize ?? 25;
  const rows = await filtered(db, options)
    .selectAll()
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .limit(pageSize)
    .offset((page - 1) * pageSize)
    .execute();
  const { total } = await filtered(db, options)
    .select((eb) => eb.fn.countAll<string | number>().as('total'))
    .executeTakeFirstOrThrow();
  return {
    messages: await withDeliveries(db, rows),
    total: Number(total),
    page,
    pageSize,
    counts: await countByState(db),
  };
}

export async function countByState(db: Kysely<Database>): Promise<Record<MessageState, number>> {
  const rows = await db
    .selectFrom('contact_messages')
    .select((eb) => ['state', eb.fn.countAll<string | number>().as('count')])
    .groupBy('state')
    .execute();
  const counts = Object.fromEntries(MESSAGE_STATES.map((state) => [state, 0])) as Record<MessageState, number>;
  for (const row of rows) counts[row.state] = Number(row.count);
  return counts;
}

export async function getMessage(db: Kysely<Database>, id: string): Promise<OwnerMessage | undefined> {
  const rows = await findMessageRows(db, [id]);
  return (await withDeliveries(db, rows))[0];
}

/** What a state change did: how many messages moved, or, when any move is not allowed, which refused it. */
export interface StateChange {
  updated: number;
  /** Messages whose state does not allow the move (`shared/inbox-moves.ts`); then none was moved. */
  refused: { id: string; state: MessageState }[];
}

/**
 * Moves messages to a state, all or none: if one of them may not go there from where it is, nothing
 * changes. A message already in that state is left as it was (its trash clock keeps running). Marking
 * one spam by hand records `owner` as the reason; moving it anywhere else ("not spam") clears it.
 */
export async function setMessageState(
  db: Kysely<Database>,
  ids: string[],
  state: MessageState,
  now = new Date(),
): Promise<StateChange> {
  if (ids.length === 0) return { updated: 0, refused: [] };
  return db.transaction().execute(async (transaction) => {
    const current = await transaction
      .selectFrom('contact_messages')
      .select(['id', 'state'])
      .where('id', 'in', ids)
      .execute();
    const refused = current.filter((row) => !isMoveAllowed(row.state, state));
    if (refused.length > 0) return { updated: 0, refused };
    const result = await transaction
      .updateTable('contact_messages')
      .set((eb) => ({
        state,
        state_changed_at: now.toISOString(),
        read_at: state === 'new' ? null : eb.fn.coalesce('read_at', eb.val(now.toISOString())),
        spam_reason: state === 'spam' ? eb.fn.coalesce('spam_reason', eb.val<SpamReason>('owner')) : null,
      }))
      .where('id', 'in', ids)
      .where('state', '!=', state)
      // Checked again as it is written: a PostgreSQL transaction does not lock the rows it read.
      .where('state', 'in', statesAllowedToMoveTo(state))
      .executeTakeFirst();
    return { updated: Number(result.numUpdatedRows), refused: [] };
  });
}

/**
 * Messages in the trash or in spam for longer than 30 days are deleted for good (their deliveries
 * cascade): spam, held back or marked, would otherwise pile up for ever.
 */
export async function purgeTrash(db: Kysely<Database>, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - TRASH_RETENTION_DAYS * 24 * 60 * 60 * 1000).toISOString();
  const result = await db
    .deleteFrom('contact_messages')
    .where('state', 'in', ['trash', 'spam'])
    .where('state_changed_at', '<', before)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Every message matching the filters, newest first, for the CSV export. */
export async function exportMessages(db: Kysely<Database>, options: Pick<ListOptions, 'state' | 'q'>) {
  return filtered(db, options).selectAll().orderBy('created_at', 'desc').execute();
}

/** Messages received on the days `from` to `to` (UTC, both included), spam left out. */
export async function countMessagesReceived(db: Kysely<Database>, from: string, to: string): Promise<number> {
  const row = await db
    .selectFrom('contact_messages')
    .select((eb) => eb.fn.countAll<string | number>().as('count'))
    // ISO timestamps sort after their day: on or after `from`, before the day after `to`.
    .where('created_at', '>=', from)
    .where('created_at', '<', addDays(to, 1))
    .where('state', '!=', 'spam')
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
