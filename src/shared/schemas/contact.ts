import { z } from 'zod';
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

export const CONTACT_FIELD_ERRORS = ['required', 'too_short', 'too_long', 'invalid_email'] as const;
export type ContactFieldError = (typeof CONTACT_FIELD_ERRORS)[number];

const requiredText = () =>
  z
    .string({ error: 'required' satisfies ContactFieldError })
    .trim()
    .min(1, { error: 'required' });

// A pragmatic address check (one @, a dotted domain, no spaces); the HTML5 and zod patterns agree on it.
const EMAIL_PATTERN = z.regexes.email;

export const contactMessageSchema = z.strictObject({
  name: requiredText().max(CONTACT_LIMITS.nameMax, { error: 'too_long' }),
  email: requiredText()
    .max(CONTACT_LIMITS.emailMax, { error: 'too_long' })
    .regex(EMAIL_PATTERN, { error: 'invalid_email' }),
  message: requiredText()
    .min(CONTACT_LIMITS.messageMin, { error: 'too_short' })
    .max(CONTACT_LIMITS.messageMax, { error: 'too_long' }),
  locale: z.enum(LOCALES).optional().describe('The language the visitor wrote from'),
  // A field people never see (hidden in the form); spam bots that fill every field fill it too.
  website: z.string().max(500).optional().describe('Leave empty'),
});
export type ContactMessage = z.infer<typeof contactMessageSchema>;
export type ContactField = 'name' | 'email' | 'message';
