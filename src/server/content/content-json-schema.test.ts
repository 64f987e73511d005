import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { contentFiles } from '../../shared/schemas/content.js';
import { contentJsonSchemas } from './content-json-schema.js';

describe('content JSON Schemas', () => {
  it.each(Object.entries(contentJsonSchemas()))(
    'content/schema/%s is up to date (npm run content:schema)',
    (name, json) => {
      expect(readFileSync(path.join('content', 'schema', name), 'utf8')).toBe(json);
    },
  );

  it('every content file points its editor at its schema', () => {
    for (const { file } of Object.values(contentFiles)) {
      const firstLine = readFileSync(path.join('content', file), 'utf8').split('\n')[0];
      expect(firstLine, file).toBe(`# yaml-language-server: $schema=schema/${file.replace(/\.yaml$/, '.schema.json')}`);
    }
  });

  it('describes the languages and limits editors need', () => {
    const home = JSON.parse(contentJsonSchemas()['home.schema.json'] ?? '{}');
    expect(home.required).toEqual(expect.arrayContaining(['greeting', 'intro', 'photo']));
    expect(home.properties.greeting.required).toEqual(['lotin', 'russian', 'english']);
    expect(home.additionalProperties).toBe(false);
  });
});
