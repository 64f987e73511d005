import type { FieldErrorCode } from '../api-errors.js';

/**
 * What the contact form is made of, without the schema that checks it (`contact.ts`). The form in
 * the browser draws its fields from these, and loads the schema, with zod, only when it is about to
 * be sent: the contact page's first load stays about 25 KB lighter (issue 29).
 *
 * The spec leaves the limits open (§3); these are ours, recorded in docs/decisions/002-contact-form.md.
 */
export const CONTACT_LIMITS = {
  nameMax: 100,
  emailMax: 254,
  messageMin: 10,
  messageMax: 5_000,
} as const;

/** The fields a visitor fills in, in the form's order; `contact.ts` holds the schema to them. */
export const CONTACT_FIELDS = ['name', 'email', 'message'] as const;
export type ContactField = (typeof CONTACT_FIELDS)[number];

/** The codes the form's fields can fail with; the web app has a text for each (`contact.contact_form.errors`). */
export const CONTACT_FIELD_ERRORS = [
  'required',
  'too_short',
  'too_long',
  'invalid_email',
  'invalid_format',
] as const satisfies readonly FieldErrorCode[];
export type ContactFieldError = (typeof CONTACT_FIELD_ERRORS)[number];
