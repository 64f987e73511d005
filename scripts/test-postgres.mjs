#!/usr/bin/env node
// The storage and API tests again, on PostgreSQL: TEST_DATABASE_URL, or the local server.
import { spawnSync } from 'node:child_process';

const url = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
console.info(`▶ Storage and API tests on PostgreSQL (${url.replace(/:[^:@/]*@/, ':***@')})`);
const result = spawnSync('npx', ['vitest', 'run', 'src/server'], {
  stdio: 'inherit',
  env: { ...process.env, TEST_DATABASE_URL: url },
});
process.exit(result.status ?? 1);
