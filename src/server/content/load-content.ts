import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseDocument } from 'yaml';
import type { z } from 'zod';
import { contentFiles, type SiteContent } from '../../shared/schemas/content.js';

/** A bad content file: the message is one line naming the file, the field and the problem. */
export class ContentError extends Error {
  override name = 'ContentError';
}

export function formatFieldPath(segments: readonly PropertyKey[]): string {
  return segments
    .map((segment, index) =>
      typeof segment === 'number' ? `[${segment}]` : `${index === 0 ? '' : '.'}${String(segment)}`,
    )
    .join('');
}

function readYaml(file: string, displayName: string): unknown {
  if (!existsSync(file)) throw new ContentError(`${displayName}: the file is missing`);
  const document = parseDocument(readFileSync(file, 'utf8'));
  const [error] = document.errors;
  if (error) {
    const where = error.linePos ? ` at line ${error.linePos[0].line}, column ${error.linePos[0].col}` : '';
    throw new ContentError(`${displayName}${where}: not valid YAML (${error.message.split('\n')[0]})`);
  }
  return document.toJS();
}

function validate<Schema extends z.ZodType>(schema: Schema, data: unknown, displayName: string): z.infer<Schema> {
  const result = schema.safeParse(data);
  if (result.success) return result.data;
  const [issue] = result.error.issues;
  const more = result.error.issues.length > 1 ? ` (and ${result.error.issues.length - 1} more problems)` : '';
  const field = issue && issue.path.length > 0 ? formatFieldPath(issue.path) : '(the whole file)';
  throw new ContentError(`${displayName}: ${field}: ${issue?.message ?? 'invalid'}${more}`);
}

function checkImage(contentDir: string, displayName: string, field: string, image: string): void {
  if (!existsSync(path.join(contentDir, 'images', image))) {
    throw new ContentError(`${displayName}: ${field}: no file content/images/${image}`);
  }
}

/** Reads and validates every content file; the first problem stops start-up. */
export function loadContent(contentDir: string): SiteContent {
  const content: Partial<Record<keyof SiteContent, unknown>> = {};
  for (const [name, { file, schema }] of Object.entries(contentFiles)) {
    const displayName = path.join(path.basename(contentDir), file);
    content[name as keyof SiteContent] = validate(
      schema,
      readYaml(path.join(contentDir, file), displayName),
      displayName,
    );
  }
  const site = content as SiteContent;
  checkImage(contentDir, path.join(path.basename(contentDir), contentFiles.home.file), 'photo', site.home.photo);
  site.portfolio.items.forEach((item, index) => {
    const displayName = path.join(path.basename(contentDir), contentFiles.portfolio.file);
    checkImage(contentDir, displayName, `items[${index}].image`, item.image);
  });
  return site;
}
