import { availableParallelism } from 'node:os';
import { defineConfig } from '@playwright/test';
import { E2E_BASE_PORT, e2eDataDir } from './e2e/support.js';
import { BROWSER_USER_AGENT, CHROMIUM_ARGS, HEADLESS_CHROMIUM_PATH } from './scripts/built-site.js';

/**
 * One worker more than the cores: a worker spends much of its time waiting on its page (a navigation,
 * an animation, an autosave's pause, a scheduled note's minute), and with one per core the two cores
 * stood idle about a third of the run (488 s; three workers: 430 s). E2E_WORKERS overrides it.
 */
const workers = Number(process.env.E2E_WORKERS) || availableParallelism() + 1;

/** Browser tests: Debian's headless Chromium against the real built server on a fresh database each run. */
export default defineConfig({
  testDir: 'e2e',
  forbidOnly: Boolean(process.env.CI),
  retries: process.env.CI ? 1 : 0,
  workers,
  // The default budget suits a test of a page or two; heavier tests set theirs with budget() (fixtures.ts).
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: [['list'], ['json', { outputFile: 'test-results/playwright.json' }]],
  outputDir: 'test-results/playwright',
  use: {
    // Each worker's own server (fixtures.ts sets baseURL from the worker's slot).
    baseURL: `http://127.0.0.1:${E2E_BASE_PORT}`,
    browserName: 'chromium',
    // A trace records every action with DOM snapshots and screenshots: a fifth of the suite's time when
    // kept for every test. CI retries a failed test once, and that retry records one.
    trace: 'on-first-retry',
    userAgent: BROWSER_USER_AGENT,
    launchOptions: {
      executablePath: HEADLESS_CHROMIUM_PATH,
      args: CHROMIUM_ARGS,
    },
  },
  // A server per worker, each on its own port and fresh database: spec files that sign the owner in,
  // publish or send messages never meet another worker's.
  webServer: Array.from({ length: workers }, (_, worker) => ({
    command: 'node scripts/e2e-server.mjs',
    url: `http://127.0.0.1:${E2E_BASE_PORT + worker}/api/v1/pages/footer`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
    env: {
      PORT: String(E2E_BASE_PORT + worker),
      HOST: '127.0.0.1',
      DATA_DIR: e2eDataDir(worker),
      LOG_LEVEL: 'warn',
      // Every test is a new visitor from 127.0.0.1; the limits themselves are covered by API tests.
      CONTACT_RATE_LIMIT: '1000',
      VISITOR_RATE_LIMIT: '100000',
      // E-mail points at a port where nothing answers: notifications wait in the outbox, as when SMTP is down.
      SMTP_URL: 'smtp://127.0.0.1:9',
      MAIL_FROM: 'site@example.uz',
      MAIL_TO: 'owner@example.uz',
    },
  })),
});
