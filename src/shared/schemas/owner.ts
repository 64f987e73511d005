import { z } from 'zod';
import { successResponseSchema } from './api.js';

/**
 * The owner's side of the API (`/api/v1/owner/…`): sign-in, sessions, the inbox and notifications.
 * Shared by the server's routes and the lazily loaded owner area, so both read the same shapes.
 */

export const OWNER_PASSWORD_MIN_LENGTH = 12;

/** Inbox states (docs/decisions/006): `new` until opened; trash is purged after 30 days. */
export const MESSAGE_STATES = ['new', 'read', 'replied', 'archived', 'spam', 'trash'] as const;
export type MessageState = (typeof MESSAGE_STATES)[number];
export const TRASH_RETENTION_DAYS = 30;

/** Why a message went to spam without the owner: a filled hidden field, or a form sent too fast. */
export const SPAM_REASONS = ['honeypot', 'too_fast', 'owner'] as const;
export type SpamReason = (typeof SPAM_REASONS)[number];

export const NOTIFICATION_CHANNELS = ['email', 'telegram'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];
export const NOTIFICATION_KINDS = ['message', 'test', 'summary'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];
/** `pending` waits for (another) attempt, `sent` is done, `failed` gave up or was refused for good. */
export const NOTIFICATION_STATUSES = ['pending', 'sent', 'failed'] as const;
export type NotificationStatus = (typeof NOTIFICATION_STATUSES)[number];

export const signInBodySchema = z.strictObject({
  password: z.string().min(1).max(1024),
});

export const sessionSchema = z.object({
  id: z.string(),
  device: z.string(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  expiresAt: z.string(),
  current: z.boolean(),
});
export type OwnerSession = z.infer<typeof sessionSchema>;

export const sessionResponseSchema = successResponseSchema(z.object({ session: sessionSchema }));
export const sessionsResponseSchema = successResponseSchema(z.object({ sessions: z.array(sessionSchema) }));

export const deliverySchema = z.object({
  id: z.string(),
  channel: z.enum(NOTIFICATION_CHANNELS),
  kind: z.enum(NOTIFICATION_KINDS),
  status: z.enum(NOTIFICATION_STATUSES),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  nextAttemptAt: z.string(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});
export type Delivery = z.infer<typeof deliverySchema>;

export const messageSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  message: z.string(),
  locale: z.string().nullable(),
  state: z.enum(MESSAGE_STATES),
  spamReason: z.enum(SPAM_REASONS).nullable(),
  createdAt: z.string(),
  stateChangedAt: z.string().nullable(),
  deliveries: z.array(deliverySchema),
});
export type OwnerMessage = z.infer<typeof messageSchema>;

export const MESSAGE_PAGE_SIZE_MAX = 100;

export const messageListQuerySchema = z.strictObject({
  state: z
    .enum(MESSAGE_STATES)
    .optional()
    .describe('Only messages in this state (the inbox when absent: new, read and replied)'),
  q: z.string().trim().max(200).optional().describe('Search across name, e-mail and text'),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(MESSAGE_PAGE_SIZE_MAX).default(25),
});
export type MessageListQuery = z.input<typeof messageListQuerySchema>;

export const messageListResponseSchema = successResponseSchema(
  z.object({
    messages: z.array(messageSchema),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
    /** Messages in each state, for the folder list; `new` is the unread count. */
    counts: z.record(z.enum(MESSAGE_STATES), z.number().int()),
  }),
);

/** A message, session or delivery id in the path. */
export const idParamsSchema = z.object({ id: z.uuid() });
export const messageStateBodySchema = z.strictObject({ state: z.enum(MESSAGE_STATES) });
export const bulkStateBodySchema = z.strictObject({
  ids: z.array(z.uuid()).min(1).max(MESSAGE_PAGE_SIZE_MAX),
  state: z.enum(MESSAGE_STATES),
});
export const messageResponseSchema = successResponseSchema(z.object({ message: messageSchema }));
export const bulkStateResponseSchema = successResponseSchema(z.object({ updated: z.number().int() }));

export const channelStatusSchema = z.object({
  channel: z.enum(NOTIFICATION_CHANNELS),
  configured: z.boolean(),
  /** Where it goes, shown to the owner: the e-mail address or the chat id. */
  target: z.string().nullable(),
});
export const notificationsResponseSchema = successResponseSchema(
  z.object({
    channels: z.array(channelStatusSchema),
    pending: z.number().int(),
    /** Deliveries still waiting after a failed attempt, and those that gave up, newest first. */
    problems: z.array(deliverySchema.extend({ messageId: z.string().nullable() })),
  }),
);
export const testNotificationBodySchema = z.strictObject({ channel: z.enum(NOTIFICATION_CHANNELS) });
export const deliveryResponseSchema = successResponseSchema(z.object({ delivery: deliverySchema }));
