import { defineConfig } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 4873);
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Browser tests: Debian's Chromium against the real built server on a fresh database each run. */
export default defineConfig({
  testDir: 'e2e',
  forbidOnly: Boolean(process.env.CI),
  retries: process.env.CI ? 1 : 0,
  workers: 2,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: [['list'], ['json', { outputFile: 'test-results/playwright.json' }]],
  outputDir: 'test-results/playwright',
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    browserName: 'chromium',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: chromium,
      // As root Chromium needs --no-sandbox; the rest stop it reaching for the (closed) internet.
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
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
      DATA_DIR: 'test-results/e2e-data',
      LOG_LEVEL: 'warn',
      // Every test is a new visitor from 127.0.0.1; the limits themselves are covered by API tests.
      CONTACT_RATE_LIMIT: '1000',
      VISITOR_RATE_LIMIT: '100000',
    },
  },
});
