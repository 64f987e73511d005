import { defineConfig } from 'vitest/config';

/**
 * Deployment tests (`npm run test:deploy`): the built site as people run it — through npm, behind
 * Caddy and nginx, several processes on one PostgreSQL, killed mid-write. They need `npm run build`
 * first. Each file starts its own processes on free ports with its own data folder or PostgreSQL
 * database, and spends most of its time waiting on them, so two files run at a time. The durability
 * runs (one file per database, side by side) load both cores with hundreds of requests: they follow
 * the others, whose signal tests time how fast a second Ctrl+C stops the server. Stopping by PID runs
 * `npm start`, which builds `dist/` again while the others would be running it: it runs on its own, last.
 */
const shared = {
  root: '.',
  environment: 'node',
  setupFiles: ['scripts/vitest-setup.ts'],
  testTimeout: 120_000,
  hookTimeout: 120_000,
};

export default defineConfig({
  test: {
    maxWorkers: 2,
    projects: [
      {
        test: {
          ...shared,
          name: 'deployed',
          include: ['tests/**/*.test.ts'],
          exclude: ['tests/stop-by-pid.test.ts', 'tests/durability-*.test.ts'],
          sequence: { groupOrder: 0 },
        },
      },
      {
        test: { ...shared, name: 'durability', include: ['tests/durability-*.test.ts'], sequence: { groupOrder: 1 } },
      },
      {
        test: { ...shared, name: 'npm', include: ['tests/stop-by-pid.test.ts'], sequence: { groupOrder: 2 } },
      },
    ],
  },
});
