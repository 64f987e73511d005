import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { parseDocument } from 'yaml';
import type { z } from 'zod';
import { contentFiles, type SiteContent } from '../../shared/schemas/content.js';
import { valueAt } from '../../shared/schemas/field-errors.js';

/**
 * Bad content: every problem of every file, each one line naming the file, the field and what is
 * wrong, so the owner can fix them all before starting again.
 */
export class ContentError extends Error {
  override name = 'ContentError';

  constructor(readonly problems: string[]) {
    super(
      problems.length === 1
        ? (problems[0] ?? '')
        : [`${problems.length} problems in the content files:`, ...problems.map((problem) => `  ${problem}`)].join(
            '\n',
          ),
    );
  }
}

function formatFieldPath(segments: readonly PropertyKey[]): string {
  return segments
    .map((segment, index) =>
      typeof segment === 'number' ? `[${segment}]` : `${index === 0 ? '' : '.'}${String(segment)}`,
    )
    .join('');
}

/** A path as the owner typed it: relative to the working folder when inside it, whole otherwise. */
function shown(file: string): string {
  const relative = path.relative(process.cwd(), file);
  return relative && !relative.startsWith('..') && !path.isAbsolute(relative) ? relative : file;
}

type Issue = z.core.$ZodIssue;

function plural(count: number | bigint, one: string, many: string): string {
  return `${count} ${Number(count) === 1 ? one : many}`;
}

/** zod's issue in the owner's words; the schema's own messages (links, slugs, pictures) are kept. */
function describe(issue: Issue, value: unknown): string {
  switch (issue.code) {
    case 'invalid_type':
      return value === undefined
        ? 'missing'
        : `should be ${issue.expected === 'object' ? 'a group of fields' : `a ${issue.expected}`}`;
    case 'too_small':
      if (issue.origin === 'string')
        return issue.minimum === 1 ? 'is empty' : `needs at least ${plural(issue.minimum, 'character', 'characters')}`;
      if (issue.origin === 'array') return `needs at least ${plural(issue.minimum, 'entry', 'entries')}`;
      return `must be at least ${issue.minimum}`;
    case 'too_big':
      if (issue.origin === 'string') return `is too long: at most ${plural(issue.maximum, 'character', 'characters')}`;
      if (issue.origin === 'array') return `has too many entries: at most ${issue.maximum}`;
      return `must be at most ${issue.maximum}`;
    default:
      return issue.message;
  }
}

function validate(schema: z.ZodType, data: unknown, file: string): { value?: unknown; problems: string[] } {
  const result = schema.safeParse(data);
  if (result.success) return { value: result.data, problems: [] };
  const problems = result.error.issues.flatMap((issue) => {
    if (issue.code === 'unrecognized_keys') {
      // A misspelt key is the commonest slip: name each one, where it is.
      return issue.keys.map(
        (key) => `${file}: ${formatFieldPath([...issue.path, key])}: unknown key (misspelt, or not a field here?)`,
      );
    }
    const field = issue.path.length > 0 ? formatFieldPath(issue.path) : '(the whole file)';
    return [`${file}: ${field}: ${describe(issue, valueAt(data, issue.path))}`];
  });
  return { problems };
}

function readYaml(file: string): { data?: unknown; problem?: string } {
  if (!existsSync(file)) return { problem: `${shown(file)}: the file is missing` };
  const document = parseDocument(readFileSync(file, 'utf8'));
  const [error] = document.errors;
  if (error) {
    const where = error.linePos ? ` at line ${error.linePos[0].line}, column ${error.linePos[0].col}` : '';
    return { problem: `${shown(file)}${where}: not valid YAML (${error.message.split('\n')[0]})` };
  }
  try {
    return { data: document.toJS() };
  } catch (error) {
    // Expanding the parsed tree can still fail: an alias bomb (yaml's own alias limit) or nesting too
    // deep for the stack. That is a bad file like any other: one line naming it, never a stack trace.
    const reason = error instanceof Error ? error.message.split('\n')[0] : String(error);
    return { problem: `${shown(file)}: not valid YAML (${reason})` };
  }
}

/** Reads and validates every content file; any problem stops start-up, with all of them listed. */
export function loadContent(contentDir: string): SiteContent {
  if (!existsSync(contentDir) || !statSync(contentDir).isDirectory()) {
    throw new ContentError([
      `the content folder ${shown(contentDir)} does not exist: set CONTENT_DIR to the folder with your .yaml files`,
    ]);
  }
  const problems: string[] = [];
  const content: Partial<Record<keyof SiteContent, unknown>> = {};
  for (const [name, { file, schema }] of Object.entries(contentFiles)) {
    const filePath = path.join(contentDir, file);
    const { data, problem } = readYaml(filePath);
    if (problem) {
      problems.push(problem);
      continue;
    }
    const { value, problems: found } = validate(schema, data, shown(filePath));
    problems.push(...found);
    content[name as keyof SiteContent] = value;
  }
  const checkImage = (section: keyof typeof contentFiles, field: string, image: string) => {
    const imagePath = path.join(contentDir, 'images', image);
    if (!existsSync(imagePath)) {
      problems.push(
        `${shown(path.join(contentDir, contentFiles[section].file))}: ${field}: no file ${shown(imagePath)}`,
      );
    }
  };
  const { home, portfolio } = content as Partial<SiteContent>;
  if (home) checkImage('home', 'photo', home.photo);
  portfolio?.items.forEach((item, index) => {
    checkImage('portfolio', `items[${index}].image`, item.image);
  });
  if (problems.length > 0) throw new ContentError(problems);
  return content as SiteContent;
}

// For the entry files (`entry-files.ts`), whose problems read like the section files'.
export { describe as describeIssue, formatFieldPath, shown as shownPath };
