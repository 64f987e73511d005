// Loaded when the form is about to be sent, never with the page: zod is about 25 KB of the contact
// page's first load otherwise (issue 29). The form asks for it as soon as a field is focused.
import '../../shared/lib/zod-without-eval.js';
import type { FieldError } from '../../../shared/schemas/api.js';
import { type ContactMessage, contactMessageSchema } from '../../../shared/schemas/contact.js';
import { fieldErrorsFromIssues } from '../../../shared/schemas/field-errors.js';

/** The message as the server will check it: what to send, or each field's problems. */
export function checkContactMessage(
  input: Record<string, unknown>,
): { message: ContactMessage; errors?: never } | { message?: never; errors: FieldError[] } {
  const parsed = contactMessageSchema.safeParse(input);
  return parsed.success ? { message: parsed.data } : { errors: fieldErrorsFromIssues(parsed.error.issues, input) };
}
