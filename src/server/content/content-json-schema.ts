import { z } from 'zod';
import { contentFiles } from '../../shared/schemas/content.js';

/**
 * JSON Schemas of the content files, generated from the same zod schemas that check them at
 * start-up, so editors (VS Code with the YAML extension, JetBrains) complete and check the files.
 */
export function contentJsonSchemas(): Record<string, string> {
  return Object.fromEntries(
    Object.values(contentFiles).map(({ file, schema }) => {
      const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' });
      const name = file.replace(/\.yaml$/, '.schema.json');
      return [name, `${JSON.stringify({ ...json, title: `Sahifa content: ${file}` }, null, 2)}\n`];
    }),
  );
}
