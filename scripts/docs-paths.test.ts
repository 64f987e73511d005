import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The docs name files so a newcomer can open them: every file path they name in backticks must exist.
 * A path is looked up from the repository's root and from the folders the docs write paths relative
 * to (`src/server`, `src/web`, `src/shared`, the owner area's folder). A `*` in the file name matches
 * any run of characters (`repositories/stats-*.ts`). Folder names alone are left out (the docs name
 * a table row's folders, "`api/`", without their parents), and so are the build's and the data's
 * files, which exist only after a build or a start.
 */
// Decision records are history (a later record supersedes one, none is rewritten), so they may name
// files that have moved since; the README and the architecture describe the code as it is.
const DOCS = ['README.md', 'docs/architecture.md'];
const ROOTS = ['', 'src', 'src/server', 'src/web', 'src/shared', 'src/web/features', 'src/web/features/owner', 'docs'];
const GENERATED = /^(?:dist|data|test-results)\//;
const FILE_PATH = /^[\w.@-]+(?:\/[\w.@*-]+)*\.(?:tsx?|mjs|md|css|json|ya?ml|conf|service|sh)$/;

/** The file paths a document names in backticks (`src/server/app.ts`, `routes/owner/content.ts`). */
function namedFilePaths(markdown: string): string[] {
  const found = new Set<string>();
  for (const match of markdown.matchAll(/`([^`\s]+)`/g)) {
    const candidate = match[1] as string;
    if (candidate.includes('/') && FILE_PATH.test(candidate) && !GENERATED.test(candidate)) found.add(candidate);
  }
  return [...found];
}

function exists(relative: string): boolean {
  if (!relative.includes('*')) return existsSync(relative);
  const folder = path.dirname(relative);
  const pattern = new RegExp(`^${path.basename(relative).split('*').map(escapeRegExp).join('.*')}$`);
  return existsSync(folder) && readdirSync(folder).some((name) => pattern.test(name));
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

describe('paths named in the docs', () => {
  it('finds the paths a document names, and only file paths', () => {
    expect(
      namedFilePaths(
        'see `src/server/app.ts`, `routes/owner/*.ts`, `api/`, `dist/web/index.html`, `npm test` and `a b.ts`',
      ),
    ).toEqual(['src/server/app.ts', 'routes/owner/*.ts']);
  });

  it('tells a missing file from an existing one', () => {
    expect(exists('scripts/docs-paths.test.ts')).toBe(true);
    expect(exists('src/server/content/compare-content.ts')).toBe(false);
    expect(exists('src/server/repositories/stats-*.ts')).toBe(true);
  });

  for (const doc of DOCS) {
    it(`${doc} names only files that exist`, () => {
      const missing = namedFilePaths(readFileSync(doc, 'utf8')).filter(
        (named) => !ROOTS.some((root) => exists(path.join(root, named))),
      );
      expect(missing).toEqual([]);
    });
  }
});

describe('tables named in the architecture', () => {
  it('lists every table of the Database interface', () => {
    const schema = readFileSync('src/server/db/schema.ts', 'utf8');
    const body = schema.slice(schema.indexOf('export interface Database {'));
    const tables = [...body.slice(0, body.indexOf('}')).matchAll(/^\s+(\w+): \w+Table;/gm)].map((match) => match[1]);
    expect(tables.length).toBeGreaterThan(20);
    const architecture = readFileSync('docs/architecture.md', 'utf8');
    expect(tables.filter((table) => !architecture.includes(`\`${table}\``))).toEqual([]);
  });
});
