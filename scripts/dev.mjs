#!/usr/bin/env node
// `npm run dev`: the API server on :3001 and Vite with hot reload on :5173. The API restarts when the
// server code, the shared code or the content files change; it keeps its own database (data/dev), and
// instead of the last production build it serves a page that points at Vite.
// Both are started as direct children (no npx, no shell between), so a SIGTERM or Ctrl-C here reaches
// them, and this process exits only once both have stopped: nothing is left running.
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const apiPort = process.env.API_PORT ?? '3001';
const webPort = process.env.WEB_PORT ?? '5173';
const contentDir = process.env.CONTENT_DIR ?? 'content';
const dataDir = process.env.DEV_DATA_DIR ?? path.join('data', 'dev');
const siteUrl = `http://127.0.0.1:${webPort}/`;
const viteBin = path.join(path.dirname(createRequire(import.meta.url).resolve('vite/package.json')), 'bin/vite.js');

// What the API answers for pages in development: not a stale build, but the way to the live one.
const webRoot = path.join(dataDir, 'web');
mkdirSync(webRoot, { recursive: true });
writeFileSync(
  path.join(webRoot, 'index.html'),
  `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta http-equiv="refresh" content="0; url=${siteUrl}" />
    <title>Sahifa (development)</title>
  </head>
  <body>
    <p>In development the site is served by Vite at <a href="${siteUrl}">${siteUrl}</a>; this server answers its API.</p>
    <div id="root"></div>
  </body>
</html>
`,
);

const children = [
  spawn(
    process.execPath,
    [
      // Watched folders rather than imported files, so that content edits restart the server too.
      '--watch-path=src/server',
      '--watch-path=src/shared',
      `--watch-path=${contentDir}`,
      '--import',
      'tsx',
      'src/server/main.ts',
    ],
    {
      stdio: 'inherit',
      env: {
        ...process.env,
        PORT: apiPort,
        LOG_LEVEL: process.env.LOG_LEVEL ?? 'info',
        CONTENT_DIR: contentDir,
        // Development never touches the production database: its own SQLite file, or DEV_DATABASE_URL.
        DATA_DIR: dataDir,
        DATABASE_URL: process.env.DEV_DATABASE_URL ?? '',
        WEB_ROOT: webRoot,
      },
    },
  ),
  spawn(process.execPath, [viteBin, '--host', '127.0.0.1', '--port', webPort, '--strictPort'], {
    stdio: 'inherit',
    env: { ...process.env, CONTENT_DIR: contentDir, SAHIFA_API: `http://127.0.0.1:${apiPort}` },
  }),
];
console.info(
  `\nSahifa in development: open ${siteUrl} (the API on :${apiPort} restarts when src/server, src/shared or ${contentDir}/ change; database in ${dataDir})\n`,
);
const running = new Set(children);
let exitCode = 0;
let stopping = false;
const stop = (signal = 'SIGTERM') => {
  if (stopping) return;
  stopping = true;
  for (const child of running) child.kill(signal);
};
for (const child of children) {
  child.on('exit', (code) => {
    running.delete(child);
    // A child that fails on its own fails the whole command; one we stopped (Vite answers SIGTERM
    // with 143) does not.
    if (code && !stopping) exitCode = code;
    // One of them failing (a port in use) stops the other too.
    stop();
    if (running.size === 0) process.exit(exitCode);
  });
}
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));
