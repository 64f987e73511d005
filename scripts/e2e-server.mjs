#!/usr/bin/env node
// The server the browser tests talk to: the real build, on a database made fresh for this run.
import { existsSync, rmSync } from 'node:fs';

if (!existsSync('dist/node/server/main.js') || !existsSync('dist/web/index.html')) {
  console.error('The site is not built: run `npm run build` first (npm test does).');
  process.exit(1);
}
rmSync(process.env.DATA_DIR ?? 'test-results/e2e-data', { recursive: true, force: true });
await import('../dist/node/server/main.js');
