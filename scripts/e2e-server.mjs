#!/usr/bin/env node
// The server the browser tests talk to: the real build, on a database made fresh for this run.
import { existsSync, rmSync } from 'node:fs';

if (!existsSync('dist/node/server/main.js') || !existsSync('dist/web/index.html')) {
  console.error('The site is not built: run `npm run build` first (npm test does).');
  process.exit(1);
}
if (!process.env.DATA_DIR) {
  console.error('DATA_DIR names the folder this server starts afresh (playwright.config.ts gives one per worker).');
  process.exit(1);
}
rmSync(process.env.DATA_DIR, { recursive: true, force: true });
await import('../dist/node/server/main.js');
