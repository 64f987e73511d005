import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, inject } from 'vitest';
import type { EngineDriver } from '../drivers/engine-driver.js';
import { launchEngine, selectedEngines } from '../drivers/launch-engine.js';
import { SitePage } from './site-page.js';
import { SiteProxy } from './site-proxy.js';

/** The sizes every journey runs at: a laptop, and a phone (an iPhone's 390 × 844 CSS pixels). */
export const SIZES = {
  desktop: { width: 1280, height: 800 },
  phone: { width: 390, height: 844 },
} as const;
export type Size = keyof typeof SIZES;

/** Where a failed journey leaves a picture of the page, per engine. */
const FAILURE_SHOTS = 'test-results/engines';

/**
 * Defines journeys once and runs them in every selected engine at both sizes: one browser per
 * engine and file, a fresh browsing state (no cookies, no storage) per journey. A journey fails on
 * any error the page, the protocol or the network showed that it did not `allow`.
 */
export function journeys(title: string, define: (site: () => SitePage, size: Size) => void): void {
  for (const engine of selectedEngines()) {
    describe(`${title} — ${engine}`, () => {
      let driver: EngineDriver;
      let proxy: SiteProxy;
      let page: SitePage | undefined;
      beforeAll(async () => {
        proxy = await SiteProxy.start(inject('siteUrl'));
        driver = await launchEngine(engine);
      });
      afterAll(async () => {
        await driver?.close();
        await proxy?.close();
      });

      for (const size of Object.keys(SIZES) as Size[]) {
        describe(`at ${size} size`, () => {
          beforeEach(async () => {
            await driver.startFresh(SIZES[size].width, SIZES[size].height);
            // What the browser fetched while forgetting the last journey (WebKit reads robots.txt
            // and asks for its favicon) is no part of this one.
            await proxy.idle();
            proxy.reset();
            page = new SitePage(driver, proxy);
          });
          afterEach(async (context) => {
            if (!page) return;
            if (context.task.result?.state === 'fail') {
              const file = path.join(FAILURE_SHOTS, engine, `${context.task.name.replace(/\W+/g, '-')}-${size}.png`);
              mkdirSync(path.dirname(file), { recursive: true });
              await driver.screenshot(file).catch(() => undefined);
              return;
            }
            expect(await page.problems(), `unexpected errors in ${engine}`).toEqual([]);
          });
          define(() => {
            if (!page) throw new Error('No page: the journey runs outside its engine');
            return page;
          }, size);
        });
      }
    });
  }
}
