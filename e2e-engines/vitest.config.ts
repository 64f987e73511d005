import { defineConfig } from 'vitest/config';

/**
 * `npm run test:engines`: the journeys in Chromium, Firefox and WebKit against the built site
 * (`ENGINES=firefox` runs one). Two files at a time: a journey mostly waits on its browser (a page
 * load, a transition), so two browsers share the two cores of the machines the suite runs on.
 */
export default defineConfig({
  test: {
    root: '.',
    include: ['e2e-engines/journeys/*.test.ts'],
    environment: 'node',
    globalSetup: ['e2e-engines/global-setup.ts'],
    maxWorkers: 2,
    // A journey loads a few pages; a browser starts in a few seconds.
    testTimeout: 90_000,
    hookTimeout: 60_000,
    retry: process.env.CI ? 1 : 0,
    allowOnly: !process.env.CI,
    reporters: ['default', ['json', { outputFile: 'test-results/engines.json' }]],
  },
});
