import { BROWSER_USER_AGENT, CHROMIUM_ARGS, CHROMIUM_PATH } from '../../scripts/built-site.js';
import type { EngineDriver } from './engine-driver.js';
import { launchPuppeteer } from './puppeteer-driver.js';

/** Debian's Chromium, as the Playwright suite runs it, driven here through puppeteer-core. */
export function launchChromium(): Promise<EngineDriver> {
  return launchPuppeteer(
    'chromium',
    { browser: 'chrome', executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
    // Headless Chromium calls itself a crawler, which the statistics would not count.
    BROWSER_USER_AGENT,
  );
}
