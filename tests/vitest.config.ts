import { defineConfig } from 'vitest/config';

/**
 * Deployment tests (`npm run test:deploy`): the built site as people run it — through npm, behind
 * Caddy and nginx, several processes on one PostgreSQL, killed mid-write. They need `npm run build`
 * first and start real processes on free ports, so the files run one at a time.
 */
export default defineConfig({
  test: {
    root: '.',
    include: ['tests/**/*.test.ts'],
    environment: 'node',
    setupFiles: ['scripts/vitest-setup.ts'],
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
