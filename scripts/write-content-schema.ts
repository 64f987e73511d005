// `npm run content:schema`: writes content/schema/*.schema.json from the zod content schemas.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { contentJsonSchemas } from '../src/server/content/content-json-schema.js';

const dir = path.resolve('content', 'schema');
mkdirSync(dir, { recursive: true });
for (const [name, json] of Object.entries(contentJsonSchemas())) {
  writeFileSync(path.join(dir, name), json);
  console.info(path.join('content', 'schema', name));
}
