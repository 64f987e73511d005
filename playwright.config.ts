import { availableParallelism } from 'node:os';
import { defineConfig } from '@playwright/test';
import { E2E_DATA_DIR } from './e2e/support.js';
import { BROWSER_USER_AGENT, CHROMIUM_ARGS, CHROMIUM_PATH } from './scripts/built-site.js';

const port = Number(process.env.E2E_PORT ?? 4873);

/** Browser tests: Debian's Chromium against the real built server on a fresh database each run. */
export default defineConfig({
  testDir: 'e2e',
  forbidOnly: Boolean(process.env.CI),
  retries: process.env.CI ? 1 : 0,
  // One worker per two cores: each drives a Chromium (several processes) against the server, which
  // runs on the same machine. On two cores that is one worker, which keeps every test within its
  // budget; E2E_WORKERS overrides it.
  workers: Number(process.env.E2E_WORKERS) || Math.max(1, Math.floor(availableParallelism() / 2)),
  // The default budget suits a test of a page or two; heavier tests set theirs with budget() (fixtures.ts).
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: [['list'], ['json', { outputFile: 'test-results/playwright.json' }]],
  outputDir: 'test-results/playwright',
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    browserName: 'chromium',
    trace: 'retain-on-failure',
    userAgent: BROWSER_USER_AGENT,
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_ARGS,
    },
  },
  webServer: {
    command: 'node scripts/e2e-server.mjs',
    url: `http://127.0.0.1:${port}/api/v1/pages/footer`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: E2E_DATA_DIR,
      LOG_LEVEL: 'warn',
      // Every test is a new visitor from 127.0.0.1; the limits themselves are covered by API tests.
      CONTACT_RATE_LIMIT: '1000',
      VISITOR_RATE_LIMIT: '100000',
      // E-mail points at a port where nothing answers: notifications wait in the outbox, as when SMTP is down.
      SMTP_URL: 'smtp://127.0.0.1:9',
      MAIL_FROM: 'site@example.uz',
      MAIL_TO: 'owner@example.uz',
    },
  },
});
