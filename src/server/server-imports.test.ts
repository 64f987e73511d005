import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const here = path.dirname(fileURLToPath(import.meta.url));

/**
 * Every package a module can load at run time, following the project's own modules from `entry`:
 * static and dynamic imports and re-exports, but not `import type` (erased by the compiler). The
 * picture process (picture-encoder.ts) is started by file name, never imported, so walking from the
 * server's entry reaches only what the server itself can load.
 */
function packagesReachedFrom(entry: string): Map<string, string> {
  const packages = new Map<string, string>();
  const seen = new Set<string>();
  const pending = [entry];
  for (let file = pending.pop(); file !== undefined; file = pending.pop()) {
    if (seen.has(file)) continue;
    seen.add(file);
    const source = readFileSync(file, 'utf8');
    const specifiers = [
      ...source.matchAll(/^\s*(?:import|export)\s+(?!type\s)(?:[^'"]*?\sfrom\s*)?['"]([^'"]+)['"]/gm),
      ...source.matchAll(/\bimport\(\s*['"]([^'"]+)['"]\s*\)/g),
    ].map((match) => match[1] ?? '');
    for (const specifier of specifiers) {
      if (!specifier.startsWith('.')) {
        if (!packages.has(specifier)) packages.set(specifier, path.relative(here, file));
        continue;
      }
      const target = path.resolve(path.dirname(file), specifier).replace(/\.js$/, '');
      const found = ['.ts', '.tsx', '.js'].map((extension) => target + extension).find((name) => existsSync(name));
      if (found) pending.push(found);
    }
  }
  return packages;
}

/** jsdom and DOMPurify (about 105 MiB RSS once a window is made) belong in the picture process only. */
const DOM_PACKAGES = /^(?:jsdom|dompurify)(?:\/|$)/;

describe('what the server process loads', () => {
  it('never loads jsdom or DOMPurify: the SVG check runs in the picture process', () => {
    const reached = packagesReachedFrom(path.join(here, 'main.ts'));
    const dom = [...reached].filter(([name]) => DOM_PACKAGES.test(name)).map(([name, from]) => `${name} (${from})`);
    expect(dom).toEqual([]);
    // The walk does follow the server's imports (a broken walk would find nothing at all).
    expect(reached.has('fastify')).toBe(true);
  });

  it('loads them in the picture process, where the SVG check runs', () => {
    const reached = packagesReachedFrom(path.join(here, 'pictures', 'picture-encoder.ts'));
    expect([...reached.keys()].filter((name) => DOM_PACKAGES.test(name)).sort()).toEqual(['dompurify', 'jsdom']);
  });
});
