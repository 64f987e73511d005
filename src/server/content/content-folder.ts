import { copyFileSync, existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { SiteContent } from '../../shared/schemas/content.js';
import { contentYamlFiles } from './content-files.js';

/** The pictures a version names, as paths under `images/`. */
export function picturesOf(content: SiteContent): string[] {
  return [...new Set([content.home.photo, ...content.portfolio.items.map((item) => item.image)])];
}

/**
 * Writes a version as a content folder, the same YAML files `loadContent` reads and the pictures it
 * names (copied from `imagesDir`), into `dir`, which must be new or empty. Answers the pictures that
 * were not found in `imagesDir`.
 */
export function writeContentFolder(dir: string, content: SiteContent, imagesDir: string): { missing: string[] } {
  if (existsSync(dir) && readdirSync(dir).length > 0) {
    throw new Error(`${dir} is not empty; choose a new or empty folder`);
  }
  mkdirSync(path.join(dir, 'images'), { recursive: true });
  for (const { file, text } of contentYamlFiles(content)) writeFileSync(path.join(dir, file), text);
  const missing: string[] = [];
  for (const picture of picturesOf(content)) {
    const source = path.join(imagesDir, picture);
    if (!existsSync(source)) {
      missing.push(picture);
      continue;
    }
    const target = path.join(dir, 'images', picture);
    mkdirSync(path.dirname(target), { recursive: true });
    copyFileSync(source, target);
  }
  return { missing };
}
