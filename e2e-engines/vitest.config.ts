import { defineConfig } from 'vitest/config';

/**
 * `npm run test:engines`: the journeys in Chromium, Firefox and WebKit against the built site
 * (`ENGINES=firefox` runs one). Three files at a time (`ENGINE_WORKERS` overrides): a journey mostly
 * waits on its browser (a page load, a transition), and with two at a time the two cores of the
 * machines the suite runs on stood idle 60% of the run (167 s; three: 131 s).
 */
export default defineConfig({
  test: {
    root: '.',
    include: ['e2e-engines/journeys/*.test.ts'],
    environment: 'node',
    globalSetup: ['e2e-engines/global-setup.ts'],
    maxWorkers: Number(process.env.ENGINE_WORKERS) || 3,
    // A journey loads a few pages; a browser starts in a few seconds.
    testTimeout: 90_000,
    hookTimeout: 60_000,
    retry: process.env.CI ? 1 : 0,
    allowOnly: !process.env.CI,
    reporters: ['default', ['json', { outputFile: 'test-results/engines.json' }]],
  },
});
