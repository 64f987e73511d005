import { z } from 'zod';
import type { FieldErrorCode } from '../api-errors.js';
import { LOCALES } from '../locales.js';

/**
 * The contact form, shared by the form in the browser and `POST /api/v1/contact`. The spec leaves
 * the limits open (§3); these are ours, recorded in docs/decisions/002-contact-form.md. Each error
 * message is a stable code that the web app translates (`contact.errors.<code>`).
 */
export const CONTACT_LIMITS = {
  nameMax: 100,
  emailMax: 254,
  messageMin: 10,
  messageMax: 5_000,
} as const;

/** The codes the form's fields can fail with; the web app has a text for each (`contact.contact_form.errors`). */
export const CONTACT_FIELD_ERRORS = [
  'required',
  'too_short',
  'too_long',
  'invalid_email',
] as const satisfies readonly FieldErrorCode[];
export type ContactFieldError = (typeof CONTACT_FIELD_ERRORS)[number];

const requiredText = () =>
  z
    .string({ error: 'required' satisfies ContactFieldError })
    .trim()
    .min(1, { error: 'required' });

// A pragmatic address check (one @, a dotted domain, no spaces); the HTML5 and zod patterns agree on it.
const EMAIL_PATTERN = z.regexes.email;

/** The fields a visitor fills in. */
export const contactFieldsSchema = z.strictObject({
  name: requiredText().max(CONTACT_LIMITS.nameMax, { error: 'too_long' }),
  email: requiredText()
    .max(CONTACT_LIMITS.emailMax, { error: 'too_long' })
    .regex(EMAIL_PATTERN, { error: 'invalid_email' }),
  message: requiredText()
    .min(CONTACT_LIMITS.messageMin, { error: 'too_short' })
    .max(CONTACT_LIMITS.messageMax, { error: 'too_long' }),
});
export type ContactField = keyof z.infer<typeof contactFieldsSchema>;
export const CONTACT_FIELDS = contactFieldsSchema.keyof().options;

export const contactMessageSchema = contactFieldsSchema.extend({
  locale: z.enum(LOCALES).optional().describe('The language the visitor wrote from'),
  // A field people never see (hidden in the form); spam bots that fill every field fill it too.
  website: z.string().max(500).optional().describe('Leave empty'),
  // The time trap: how long the form was open before it was sent. People need seconds; bots don't.
  filled_in_ms: z.number().int().min(0).max(2_147_483_647).optional().describe('Milliseconds the form was open'),
});

/** A message sent faster than a person could type one goes to the spam folder (docs/decisions/006). */
export const CONTACT_MIN_FILL_MS = 3_000;
export type ContactMessage = z.infer<typeof contactMessageSchema>;
