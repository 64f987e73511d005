import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { contentFiles, imagePathSchema } from './content.js';
import { field, fieldMeta } from './field-meta.js';

describe('the studio’s metadata on the content schemas', () => {
  it('is a field’s own: one schema serves fields with other labels, and keeps what it had', () => {
    const photo = field(imagePathSchema, { label: 'photo', hint: 'photo' });
    const image = field(imagePathSchema, { label: 'image' });
    expect(fieldMeta.get(photo)).toEqual({ kind: 'picture', label: 'photo', hint: 'photo' });
    expect(fieldMeta.get(image)).toEqual({ kind: 'picture', label: 'image' });
    expect(fieldMeta.get(imagePathSchema)).toEqual({ kind: 'picture' });
    expect(photo.description).toBe(imagePathSchema.description);
  });

  it('changes nothing a field accepts', () => {
    const year = z.int().min(1950).max(2100);
    const labelled = field(year, { label: 'year' });
    for (const value of [1950, 2100, 1949, 2101, 2000.5, '2000', undefined]) {
      expect(labelled.safeParse(value).success, String(value)).toBe(year.safeParse(value).success);
    }
  });

  // The content JSON Schema (content/schema/*.json) says what a file holds, for editors; how the
  // studio draws a field is no part of it.
  it('stays out of the content JSON Schema', () => {
    for (const { schema } of Object.values(contentFiles)) {
      const json = JSON.stringify(z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }));
      // (A property may be called `label`; its schema is an object, never a string.)
      expect(json).not.toMatch(/"(?:label|hint|itemName|kind)":"|"(?:multiline|html)":true/);
    }
    expect(z.toJSONSchema(field(z.string().max(5), { label: 'title', multiline: true }))).toEqual(
      z.toJSONSchema(z.string().max(5)),
    );
  });
});
