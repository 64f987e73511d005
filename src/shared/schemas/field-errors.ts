import type { FieldErrorCode } from '../api-errors.js';
import { isFieldErrorCode } from '../api-errors.js';
import type { FieldError } from './api.js';

/** The parts of a zod issue the mapping reads; zod's own issue type fits it. */
export interface SchemaIssue {
  readonly code: string;
  readonly path: readonly PropertyKey[];
  readonly message?: string;
  readonly origin?: string;
  readonly format?: string;
  readonly minimum?: number | bigint;
  readonly keys?: readonly string[];
}

/** The value an issue's path points at in the input (undefined when it is missing). */
export function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let value = input;
  for (const key of path) {
    if (typeof value !== 'object' || value === null) return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

const LENGTH_ORIGINS = new Set(['string', 'array', 'set', 'file']);

function codeFor(issue: SchemaIssue, value: unknown): FieldErrorCode {
  // A schema may name the code itself (`{ error: 'invalid_email' }`), as the contact form's does.
  if (isFieldErrorCode(issue.message)) return issue.message;
  const hasLength = LENGTH_ORIGINS.has(issue.origin ?? '');
  switch (issue.code) {
    case 'invalid_type':
      return value === undefined || value === null ? 'required' : 'invalid_type';
    case 'too_small':
      if (hasLength) return Number(issue.minimum ?? 0) <= 1 ? 'required' : 'too_short';
      return 'too_small';
    case 'too_big':
      return hasLength ? 'too_long' : 'too_big';
    case 'invalid_format':
      if (issue.format === 'email') return 'invalid_email';
      if (issue.format === 'url') return 'invalid_url';
      return 'invalid_format';
    case 'invalid_value':
      return 'invalid_choice';
    default:
      return 'invalid';
  }
}

/**
 * zod issues as `{field, code}` pairs with the API's stable codes, used by the server's error handler
 * and the contact form alike. `field` is the dotted path (`items.0.title`); an issue about the whole
 * input is named `wholeInput` (the server passes `body`, `params`, …). Unknown keys give one error each.
 */
export function fieldErrorsFromIssues(
  issues: readonly SchemaIssue[],
  input: unknown,
  wholeInput = 'body',
): FieldError[] {
  const errors: FieldError[] = [];
  for (const issue of issues) {
    const field = issue.path.map(String).join('.');
    if (issue.code === 'unrecognized_keys' && issue.keys) {
      for (const key of issue.keys) errors.push({ field: field ? `${field}.${key}` : key, code: 'unknown_field' });
      continue;
    }
    errors.push({ field: field || wholeInput, code: codeFor(issue, valueAt(input, issue.path)) });
  }
  return errors;
}
