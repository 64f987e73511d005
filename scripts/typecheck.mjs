#!/usr/bin/env node
// `npm run typecheck`: the three TypeScript projects (the server and its tools, the web app, the browser
// tests) checked at the same time, each `tsc` being single-threaded; each one's errors printed together.
import { spawn } from 'node:child_process';

const PROJECTS = ['tsconfig.json', 'tsconfig.web.json', 'tsconfig.tests.json'];

function check(project) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['node_modules/typescript/bin/tsc', '-p', project, '--pretty'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    child.on('close', (code) => resolve({ project, code, output }));
  });
}

const results = await Promise.all(PROJECTS.map(check));
for (const { project, code, output } of results) {
  if (code !== 0) console.error(`\n${project}:\n${output.trim()}`);
}
const failed = results.filter((result) => result.code !== 0).map((result) => result.project);
if (failed.length > 0) {
  console.error(`\nType errors in ${failed.join(', ')}.`);
  process.exit(1);
}
