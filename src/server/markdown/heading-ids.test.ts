import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { HYDRATION_DATA_ELEMENT_ID } from '../../shared/page-rendering.js';
import { HeadingIds, RESERVED_IDS, RESERVED_PREFIXES } from './heading-ids.js';

const WEB = path.resolve(import.meta.dirname, '../../web');

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    return /\.(tsx|ts|html)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

describe('RESERVED_IDS', () => {
  const files = sourceFiles(WEB).map((file) => ({ file, text: readFileSync(file, 'utf8') }));

  it('holds every id the web app writes as it is', () => {
    const missing: string[] = [];
    for (const { file, text } of files)
      for (const match of text.matchAll(/\bid="([^"$]+)"/g)) {
        const id = match[1] ?? '';
        if (!RESERVED_IDS.has(id)) missing.push(`${path.relative(WEB, file)}: ${id}`);
      }
    expect(missing).toEqual([]);
    expect(RESERVED_IDS).toContain(HYDRATION_DATA_ELEMENT_ID);
  });

  it('keeps headings off every id the web app makes from data', () => {
    const unknown: string[] = [];
    // JSX's `id={`…`}`, and `id: `…`` in a component's props (not a query's scope id in a .ts file).
    for (const { file, text } of files)
      for (const match of text.matchAll(
        file.endsWith('.tsx') ? /\bid(?:=\{|: )`([a-z][a-z0-9-]*-)\$\{/g : /\bid=\{`([a-z][a-z0-9-]*-)\$\{/g,
      )) {
        const prefix = match[1] ?? '';
        // `contact-${field}`: the contact form's fields, each of them reserved.
        if (prefix !== 'contact-' && !RESERVED_PREFIXES.includes(prefix))
          unknown.push(`${path.relative(WEB, file)}: ${prefix}`);
      }
    expect(unknown).toEqual([]);
  });
});

describe('HeadingIds', () => {
  it('numbers repeats and skips what is taken', () => {
    const ids = new HeadingIds('english', ['fn-1']);
    expect(['Intro', 'Intro', 'Intro 1', 'Fn 1', 'C++ & C#', '---'].map((text) => ids.next(text))).toEqual([
      'intro',
      'intro-1',
      'intro-1-1',
      'fn-1-1',
      'c-c',
      'section',
    ]);
  });

  it('reads Uzbek apostrophes as the letters they stand for, only in Uzbek', () => {
    const lotin = new HeadingIds('lotin');
    expect(["O'zbek", 'Gʻalaba', 'Ma’no', "san'at"].map((text) => lotin.next(text))).toEqual([
      'oʻzbek',
      'gʻalaba',
      'maʼno',
      'sanʼat',
    ]);
    expect(new HeadingIds('english').next("It's done")).toBe('its-done');
  });
});
