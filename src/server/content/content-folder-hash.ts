import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { COLLECTIONS } from '../../shared/schemas/collections.js';
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

/**
 * The collections' files (issue 27): everything under `notes/` and `projects/`. Apart from the section
 * files' hash, so a changed note never publishes the sections again as a new version.
 */
function entryFiles(contentDir: string): string[] {
  return COLLECTIONS.flatMap((collection) =>
    filesUnder(path.join(contentDir, collection)).map((file) => `${collection}/${file}`),
  );
}

/** Whether a path relative to the content folder (as a file watcher names it) is one it publishes. */
export function isPublishedPath(relativePath: string): boolean {
  const normalized = relativePath.split(path.sep).join('/');
  return (
    ['images', ...COLLECTIONS].some((folder) => normalized === folder || normalized.startsWith(`${folder}/`)) ||
    Object.values(contentFiles).some(({ file }) => file === normalized)
  );
}

/**
 * A cheap fingerprint of the folder from the files' names, sizes and modification times, without
 * reading them: polled where the folder cannot be watched, to tell when hashing it is worth it.
 */
export function contentFolderSignature(contentDir: string): string {
  return [...publishedFiles(contentDir), ...entryFiles(contentDir)]
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
  return hashOf(contentDir, publishedFiles(contentDir));
}

/**
 * A hash of the collections' files, `notes/` and `projects/`: with `contentFolderHash`, the whole
 * state of the folder, so the watcher tells a folder still being written, and logs a bad state once.
 */
export function entryFilesHash(contentDir: string): string {
  return hashOf(contentDir, entryFiles(contentDir));
}

function hashOf(contentDir: string, files: readonly string[]): string {
  const hash = createHash('sha256');
  for (const file of files) {
    const fullPath = path.join(contentDir, file);
    const bytes = existsSync(fullPath) ? readFileSync(fullPath) : Buffer.alloc(0);
    // Name and length first, so no two different folders run together into the same bytes.
    hash.update(`${file}\0${bytes.length}\0`).update(bytes);
  }
  return `sha256:${hash.digest('hex')}`;
}
