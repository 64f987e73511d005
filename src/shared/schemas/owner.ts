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
const SPAM_REASONS = ['honeypot', 'too_fast', 'owner'] as const;
export type SpamReason = (typeof SPAM_REASONS)[number];

export const NOTIFICATION_CHANNELS = ['email', 'telegram'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];
/**
 * What a notification is about (`digest`: the new messages of a few hours, decision 037); the last
 * four keep the owner's sign-in in view (docs/decisions).
 */
const NOTIFICATION_KINDS = [
  'message',
  'test',
  'summary',
  'digest',
  'password_reset',
  'new_sign_in',
  'failed_sign_ins',
  'password_reset_refused',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];
/** `pending` waits for (another) attempt, `sent` is done, `failed` gave up or was refused for good. */
const NOTIFICATION_STATUSES = ['pending', 'sent', 'failed'] as const;
export type NotificationStatus = (typeof NOTIFICATION_STATUSES)[number];

/** An authenticator app's six digits, or one of the recovery codes (`abcd-efgh-jkmn`). */
const secondFactorCodeSchema = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .describe('Six digits from the authenticator app, or a recovery code');

/** Signing in, and proving again who is at the keyboard before a sensitive change (re-authentication). */
export const signInBodySchema = z.strictObject({
  password: z.string().min(1).max(1024),
  code: secondFactorCodeSchema.optional(),
});

const newPasswordSchema = z.string().min(OWNER_PASSWORD_MIN_LENGTH).max(1024);

export const changePasswordBodySchema = z.strictObject({
  currentPassword: z.string().min(1).max(1024),
  newPassword: newPasswordSchema,
  code: secondFactorCodeSchema.optional(),
});

/** Asks for a reset link; the body is empty (the link goes to the owner's own channels). */
export const passwordResetRequestBodySchema = z.strictObject({});
export const passwordResetBodySchema = z.strictObject({
  token: z.string().regex(/^[A-Za-z0-9_-]{43}$/),
  password: newPasswordSchema,
  code: secondFactorCodeSchema.optional(),
});

/** How long after signing in or re-authenticating a sensitive change needs no new proof of identity. */
export const REAUTHENTICATION_WINDOW_MINUTES = 10;
/** A reset link works once, for this long. */
export const PASSWORD_RESET_LINK_MINUTES = 30;
export const RECOVERY_CODE_COUNT = 10;

export const reauthenticationResponseSchema = successResponseSchema(z.object({ reauthenticatedUntil: z.string() }));
export const passwordResetRequestResponseSchema = successResponseSchema(z.object({ requested: z.literal(true) }));
export const passwordChangedResponseSchema = successResponseSchema(z.object({ changed: z.literal(true) }));

const passkeySchema = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type Passkey = z.infer<typeof passkeySchema>;

export const securityResponseSchema = successResponseSchema(
  z.object({
    secondFactor: z.object({ enabled: z.boolean(), recoveryCodesLeft: z.number().int() }),
    passkeys: z.array(passkeySchema),
    /** Until when sensitive changes need no new proof; null when one is needed now. */
    reauthenticatedUntil: z.string().nullable(),
  }),
);
export type SecurityOverview = z.infer<typeof securityResponseSchema>['data'];

export const totpSetupResponseSchema = successResponseSchema(
  z.object({
    /** The secret in base32, to type into an app that cannot scan. */
    secret: z.string(),
    /** The `otpauth://` address the QR code holds. */
    uri: z.string(),
    /** The QR code as an SVG document. */
    qrCode: z.string(),
  }),
);
export const totpConfirmBodySchema = z.strictObject({
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/),
});
export const recoveryCodesResponseSchema = successResponseSchema(z.object({ recoveryCodes: z.array(z.string()) }));
export const secondFactorOffResponseSchema = successResponseSchema(z.object({ enabled: z.literal(false) }));

/**
 * A browser's WebAuthn answer as `@simplewebauthn/browser` sends it (RegistrationResponseJSON or
 * AuthenticationResponseJSON); its inner fields are checked by `@simplewebauthn/server`.
 */
const webauthnResponseSchema = z.looseObject({
  id: z.string().min(1).max(1024),
  rawId: z.string().min(1).max(1024),
  type: z.literal('public-key'),
  response: z.record(z.string(), z.unknown()),
  clientExtensionResults: z.record(z.string(), z.unknown()),
  authenticatorAttachment: z.string().max(50).optional(),
});
export const webauthnOptionsResponseSchema = successResponseSchema(
  z.object({ options: z.record(z.string(), z.unknown()) }),
);
const passkeyNameSchema = z.string().trim().min(1).max(100);
export const passkeyRegistrationBodySchema = z.strictObject({
  name: passkeyNameSchema,
  response: webauthnResponseSchema,
});
export const passkeySignInBodySchema = z.strictObject({ response: webauthnResponseSchema });
export const passkeyRenameBodySchema = z.strictObject({ name: passkeyNameSchema });
export const passkeyResponseSchema = successResponseSchema(z.object({ passkey: passkeySchema }));
export const passkeyRemovedResponseSchema = successResponseSchema(z.object({ removed: z.literal(true) }));

const sessionSchema = z.object({
  id: z.string(),
  /** Its browser and system ("Firefox, Linux"); empty when neither is known, for the reader's language to name. */
  device: z.string(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  expiresAt: z.string(),
  current: z.boolean(),
});
export type OwnerSession = z.infer<typeof sessionSchema>;

export const sessionResponseSchema = successResponseSchema(z.object({ session: sessionSchema }));
export const sessionsResponseSchema = successResponseSchema(z.object({ sessions: z.array(sessionSchema) }));

const deliverySchema = z.object({
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

const messageSchema = z.object({
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

const MESSAGE_PAGE_SIZE_MAX = 100;

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

const channelStatusSchema = z.object({
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
