import type { FieldError } from '../../shared/schemas/api.js';
import { contentFiles, type SiteContent } from '../../shared/schemas/content.js';
import { fieldErrorsFromIssues } from '../../shared/schemas/field-errors.js';

/**
 * Checks a draft with the same schemas as the content files. Every problem is one field error whose
 * field is the section and the path inside it, the language last where it is one
 * (`identity.role.english`), so the studio can point at it.
 */
export function validateSiteContent(
  candidate: Record<string, unknown>,
): { content: SiteContent; errors?: undefined } | { content?: undefined; errors: FieldError[] } {
  const errors: FieldError[] = [];
  const content: Record<string, unknown> = {};
  for (const key of Object.keys(candidate)) {
    // An own-property check: `in` also finds what every object inherits (`toString`, `constructor`).
    if (!Object.hasOwn(contentFiles, key)) errors.push({ field: key, code: 'unknown_field' });
  }
  for (const [section, { schema }] of Object.entries(contentFiles)) {
    const result = schema.safeParse(candidate[section]);
    if (result.success) {
      content[section] = result.data;
      continue;
    }
    for (const error of fieldErrorsFromIssues(result.error.issues, candidate[section], section)) {
      errors.push({ field: error.field === section ? section : `${section}.${error.field}`, code: error.code });
    }
  }
  return errors.length > 0 ? { errors } : { content: content as SiteContent };
}
