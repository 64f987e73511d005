import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'scripts/**/*.test.ts'],
    environment: 'node',
    // An unexpected console.error fails the test (scripts/console-guard.ts).
    setupFiles: ['scripts/vitest-setup.ts'],
    // The API tests share one machine-wide PostgreSQL when TEST_DATABASE_URL is set; each file
    // works in its own schema, so files may run in parallel.
    // Vitest's default is one worker fewer than the cores: one, on the two-core machines the suite runs
    // on. The server tests spend most of their time waiting (on sockets, child processes, scrypt and
    // sharp in libuv's pool), so a worker per core keeps both busy.
    maxWorkers: Math.max(2, availableParallelism()),
    // A worker imports the server's modules once for all its files instead of once per file: the
    // imports took 200 of the suite's 420 s here. Nothing is mocked (no vi.mock), and every file
    // builds its own app, database and folders; module state that outlives a file (a picture process
    // within its idle time) is allowed for by the tests that look at it.
    isolate: false,
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});
