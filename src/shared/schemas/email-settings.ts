import { z } from 'zod';
import { successResponseSchema } from './api.js';
import { deliveryResponseSchema } from './owner.js';

/**
 * E-mail set up in the owner's Settings (issue 28): the SMTP server, its security, the login and the
 * addresses. The password is write-only: the browser sends it, the server never sends it back.
 */

/** `tls` from the first byte (port 465), `starttls` upgrade before login (587), `none` for a relay on this machine only. */
export const SMTP_SECURITY = ['tls', 'starttls', 'none'] as const;
export type SmtpSecurity = (typeof SMTP_SECURITY)[number];

/** The port each security choice usually uses; the form fills it in when the choice changes. */
export const DEFAULT_SMTP_PORT: Record<SmtpSecurity, number> = { tls: 465, starttls: 587, none: 25 };

const HOST_NAME =
  /^(?=.{1,253}$)([A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)(\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*$/;
const IPV6 = /^\[?[0-9A-Fa-f:.]+\]?$/;

export const emailSettingsBodySchema = z.strictObject({
  host: z
    .string()
    .trim()
    .min(1)
    .max(253)
    .refine((host) => HOST_NAME.test(host) || (host.includes(':') && IPV6.test(host)), { error: 'invalid_format' }),
  port: z.number().int().min(1).max(65_535),
  security: z.enum(SMTP_SECURITY),
  user: z.string().trim().max(320),
  /** Empty keeps the stored password; a new one replaces it. */
  password: z.string().max(1_000).default(''),
  from: z.email({ error: 'invalid_email' }).max(320),
  to: z.email({ error: 'invalid_email' }).max(320),
});
export type EmailSettingsBody = z.input<typeof emailSettingsBodySchema>;

const emailSettingsSchema = z.object({
  /** Where the settings come from: the server's environment wins over Settings; `none` when neither. */
  source: z.enum(['environment', 'settings', 'none']),
  host: z.string(),
  port: z.number().int(),
  security: z.enum(SMTP_SECURITY),
  user: z.string(),
  /** Whether a password is kept; the password itself is never sent back. */
  passwordSet: z.boolean(),
  from: z.string(),
  to: z.string(),
});
export type EmailSettings = z.infer<typeof emailSettingsSchema>;
export const emailSettingsResponseSchema = successResponseSchema(emailSettingsSchema);

/** What a failed check names, for the page to say in the owner's language. */
const EMAIL_CHECK_PROBLEMS = [
  'address_not_found',
  'connection_refused',
  'tls_failed',
  'login_refused',
  'timeout',
  'password_missing',
  'failed',
] as const;
export type EmailCheckProblem = (typeof EMAIL_CHECK_PROBLEMS)[number];

export const emailCheckResponseSchema = successResponseSchema(
  z.object({ ok: z.boolean(), problem: z.enum(EMAIL_CHECK_PROBLEMS).nullable() }),
);
export type EmailCheck = z.infer<typeof emailCheckResponseSchema>['data'];

/** The test message queued in the outbox; the page asks for it again until it is sent or fails. */
export const emailTestResponseSchema = deliveryResponseSchema;
