import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
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

/**
 * A hash of what a content folder publishes: the YAML files and every picture's bytes, each with its
 * name. Kept with each files import, so a start-up imports the folder again only when it changed, and
 * several machines with the same folder import it once.
 */
export function contentFolderHash(contentDir: string): string {
  const hash = createHash('sha256');
  const files = [
    ...Object.values(contentFiles).map(({ file }) => file),
    ...filesUnder(path.join(contentDir, 'images')).map((file) => `images/${file}`),
  ];
  for (const file of files) {
    const fullPath = path.join(contentDir, file);
    const bytes = existsSync(fullPath) ? readFileSync(fullPath) : Buffer.alloc(0);
    // Name and length first, so no two different folders run together into the same bytes.
    hash.update(`${file}\0${bytes.length}\0`).update(bytes);
  }
  return `sha256:${hash.digest('hex')}`;
}
