import type { EngineDriver } from './engine-driver.js';
import { launchPuppeteer } from './puppeteer-driver.js';

export const FIREFOX_PATH = process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr';

/** Debian's Firefox ESR over WebDriver BiDi: no geckodriver, nothing downloaded. */
export function launchFirefox(): Promise<EngineDriver> {
  return launchPuppeteer('firefox', {
    browser: 'firefox',
    executablePath: FIREFOX_PATH,
    extraPrefsFirefox: {
      // Nothing reaches for the (closed) internet at start: updates, telemetry, safe browsing lists.
      'app.update.enabled': false,
      'browser.safebrowsing.update.enabled': false,
      'datareporting.policy.dataSubmissionEnabled': false,
      'network.captive-portal-service.enabled': false,
    },
  });
}
