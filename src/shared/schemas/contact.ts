import { z } from 'zod';
import { LOCALES } from '../locales.js';
import { CONTACT_LIMITS, type ContactField, type ContactFieldError } from './contact-fields.js';

export { CONTACT_FIELDS, CONTACT_LIMITS } from './contact-fields.js';

/**
 * The contact form, shared by the form in the browser and `POST /api/v1/contact`. Each error
 * message is a stable code that the web app translates (`contact.errors.<code>`); the limits, fields
 * and codes are in `contact-fields.ts`, which the form reads without loading zod.
 */
const requiredText = () =>
  z
    .string({ error: 'required' satisfies ContactFieldError })
    .trim()
    .min(1, { error: 'required' });

/**
 * Control characters: anything a visitor sends may reach the owner's terminal (`npm run messages`),
 * e-mail and Telegram. ESC would let it forge lines or write to the clipboard (OSC 52), a newline in a
 * name would forge the "X wrote:" line of a notification. Names and addresses are one line with none;
 * a message keeps its line breaks and tabs and loses every other control character.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f]/;
/**
 * Invisible characters that change how the text around them reads: the bidirectional controls
 * (U+202A–U+202E embeddings and overrides, U+2066–U+2069 isolates, the U+200E, U+200F and U+061C
 * marks) can make "Malika", U+202E, "moc.elgoog" show as "Malika google.com", and the line and
 * paragraph separators (U+2028, U+2029) break a line as a newline does. Names and addresses have none.
 */
const LINE_BREAKING_OR_REORDERING = /[\p{Bidi_Control}\u2028\u2029]/u;
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const CONTROLS_BUT_LINES_AND_TABS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/g;

const oneLineText = () =>
  requiredText().refine((text) => !CONTROL_CHARACTERS.test(text) && !LINE_BREAKING_OR_REORDERING.test(text), {
    error: 'invalid_format',
  });

// A pragmatic address check (one @, a dotted domain, no spaces); the HTML5 and zod patterns agree on it.
const EMAIL_PATTERN = z.regexes.email;

/** The fields a visitor fills in: exactly `CONTACT_FIELDS`, which the type checker holds (`satisfies`). */
export const contactFieldsSchema = z.strictObject({
  name: oneLineText().max(CONTACT_LIMITS.nameMax, { error: 'too_long' }),
  email: oneLineText()
    .max(CONTACT_LIMITS.emailMax, { error: 'too_long' })
    .regex(EMAIL_PATTERN, { error: 'invalid_email' }),
  // The limit is on what was sent (the OpenAPI document and the form's maxlength say so), the rest on
  // the text without its control characters.
  message: z
    .string({ error: 'required' satisfies ContactFieldError })
    .max(CONTACT_LIMITS.messageMax, { error: 'too_long' })
    .transform((text) => text.replaceAll('\r\n', '\n').replaceAll(CONTROLS_BUT_LINES_AND_TABS, ''))
    .pipe(requiredText().min(CONTACT_LIMITS.messageMin, { error: 'too_short' })),
} satisfies Record<ContactField, z.ZodType>);

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
