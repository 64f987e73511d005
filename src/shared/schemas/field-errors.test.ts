import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { contactMessageSchema } from './contact.js';
import { fieldErrorsFromIssues } from './field-errors.js';

function errorsOf(schema: z.ZodType, input: unknown) {
  const result = schema.safeParse(input);
  if (result.success) throw new Error('expected the input to fail');
  return fieldErrorsFromIssues(result.error.issues, input);
}

describe('fieldErrorsFromIssues', () => {
  const schema = z.strictObject({
    name: z.string().min(1).max(5),
    age: z.int().min(18).max(99),
    email: z.email(),
    site: z.url(),
    slug: z.string().regex(/^[a-z]+$/),
    kind: z.enum(['a', 'b']),
    tags: z.array(z.string()).min(2),
    nested: z.object({ inner: z.string() }),
  });
  const valid = {
    name: 'Ann',
    age: 30,
    email: 'a@example.com',
    site: 'https://example.com',
    slug: 'abc',
    kind: 'a',
    tags: ['x', 'y'],
    nested: { inner: 'x' },
  };

  it('maps zod issue codes to the fixed set, never to zod English text', () => {
    expect(
      errorsOf(schema, {
        ...valid,
        name: 'too long name',
        age: 12,
        email: 'nope',
        site: 'nope',
        slug: 'A!',
        kind: 'c',
        tags: ['x'],
      }),
    ).toEqual([
      { field: 'name', code: 'too_long' },
      { field: 'age', code: 'too_small' },
      { field: 'email', code: 'invalid_email' },
      { field: 'site', code: 'invalid_url' },
      { field: 'slug', code: 'invalid_format' },
      { field: 'kind', code: 'invalid_choice' },
      { field: 'tags', code: 'too_short' },
    ]);
  });

  it('tells a missing or empty field (required) from a wrong type, with dotted paths', () => {
    expect(errorsOf(schema, { ...valid, name: '', age: '30', nested: {} })).toEqual([
      { field: 'name', code: 'required' },
      { field: 'age', code: 'invalid_type' },
      { field: 'nested.inner', code: 'required' },
    ]);
  });

  it('names each unknown key, and the whole input when it is missing', () => {
    expect(errorsOf(schema, { ...valid, nmae: 'x', extra: 1 })).toEqual([
      { field: 'nmae', code: 'unknown_field' },
      { field: 'extra', code: 'unknown_field' },
    ]);
    expect(fieldErrorsFromIssues(schema.safeParse(undefined).error?.issues ?? [], undefined, 'params')).toEqual([
      { field: 'params', code: 'required' },
    ]);
  });

  it('keeps the codes a schema names itself, as the contact form does', () => {
    expect(errorsOf(contactMessageSchema, { name: ' ', email: 'a@b', message: 'short' })).toEqual([
      { field: 'name', code: 'required' },
      { field: 'email', code: 'invalid_email' },
      { field: 'message', code: 'too_short' },
    ]);
  });
});
