import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { contentFiles } from '../../shared/schemas/content.js';

/** Every file under `dir`, as paths relative to it with `/` separators, sorted. */
function filesUnder(dir: string, prefix = ''): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) => {
      const relative = `${prefix}${entry.name}`;
      if (entry.isDirectory()) return filesUnder(path.join(dir, entry.name), `${relative}/`);
      return entry.isFile() ? [relative] : [];
    })
    .sort();
}

/** The files a content folder publishes: its YAML files and everything under `images/`. */
function publishedFiles(contentDir: string): string[] {
  return [
    ...Object.values(contentFiles).map(({ file }) => file),
    ...filesUnder(path.join(contentDir, 'images')).map((file) => `images/${file}`),
  ];
}

/** Whether a path relative to the content folder (as a file watcher names it) is one it publishes. */
export function isPublishedPath(relativePath: string): boolean {
  const normalized = relativePath.split(path.sep).join('/');
  return (
    normalized === 'images' ||
    normalized.startsWith('images/') ||
    Object.values(contentFiles).some(({ file }) => file === normalized)
  );
}

/**
 * A cheap fingerprint of the folder from the files' names, sizes and modification times, without
 * reading them: polled where the folder cannot be watched, to tell when hashing it is worth it.
 */
export function contentFolderSignature(contentDir: string): string {
  return publishedFiles(contentDir)
    .map((file) => {
      const stats = statSync(path.join(contentDir, file), { throwIfNoEntry: false });
      return stats ? `${file}:${stats.size}:${stats.mtimeMs}` : `${file}:-`;
    })
    .join('\n');
}

/**
 * A hash of what a content folder publishes: the YAML files and every picture's bytes, each with its
 * name. Kept with each files import, so a start-up imports the folder again only when it changed, and
 * several machines with the same folder import it once.
 */
export function contentFolderHash(contentDir: string): string {
  const hash = createHash('sha256');
  for (const file of publishedFiles(contentDir)) {
    const fullPath = path.join(contentDir, file);
    const bytes = existsSync(fullPath) ? readFileSync(fullPath) : Buffer.alloc(0);
    // Name and length first, so no two different folders run together into the same bytes.
    hash.update(`${file}\0${bytes.length}\0`).update(bytes);
  }
  return `sha256:${hash.digest('hex')}`;
}
