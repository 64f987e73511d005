import type { FieldError } from './api.js';
import { type Collection, type EntryContent, entryContentSchemas } from './collections.js';
import { fieldErrorsFromIssues, valueAt } from './field-errors.js';

/**
 * An entry's draft checked by its collection's schema: the content, or every problem by its path and
 * language (`text.english.title`), as the studio shows them and publishing refuses with them. The
 * entry's own rules (a cover described in every language, a caption per language) name a text that
 * is missing: that is a text required.
 */
export function checkEntryContent(
  collection: Collection,
  candidate: unknown,
): { content: EntryContent; errors?: undefined } | { content?: undefined; errors: FieldError[] } {
  const checked = entryContentSchemas[collection].safeParse(candidate);
  if (checked.success) return { content: checked.data };
  return {
    errors: checked.error.issues.flatMap((issue) =>
      issue.code === 'custom' && valueAt(candidate, issue.path) === undefined
        ? [{ field: issue.path.map(String).join('.'), code: 'required' as const }]
        : fieldErrorsFromIssues([issue], candidate, 'content'),
    ),
  };
}
