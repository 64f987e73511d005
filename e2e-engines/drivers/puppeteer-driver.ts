import puppeteer, {
  type Browser,
  type BrowserContext,
  type ElementHandle,
  type LaunchOptions,
  type Page,
} from 'puppeteer-core';
import type { ElementRef, Engine, EngineDriver } from './engine-driver.js';

/**
 * Chromium (over the DevTools protocol) and Firefox (over WebDriver BiDi) through puppeteer-core:
 * both report console messages and page errors, and each test gets a browser context of its own.
 */
export async function launchPuppeteer(
  engine: Engine,
  options: LaunchOptions,
  userAgent?: string,
): Promise<EngineDriver> {
  const browser: Browser = await puppeteer.launch({ headless: true, ...options });
  let context: BrowserContext | undefined;
  let page: Page | undefined;
  let errors: string[] = [];

  const current = (): Page => {
    if (!page) throw new Error('startFresh() first');
    return page;
  };
  const handleOf = (element: ElementRef) => element.engineElement as ElementHandle<Element>;

  return {
    engine,
    nativeErrors: () => errors,
    async startFresh(width, height) {
      await context?.close();
      context = await browser.createBrowserContext();
      page = await context.newPage();
      errors = [];
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(`console.error: ${message.text()}`);
      });
      page.on('pageerror', (error) => errors.push(`page error: ${error instanceof Error ? error.message : error}`));
      if (userAgent) await page.setUserAgent({ userAgent });
      await page.setViewport({ width, height });
    },
    async goto(url) {
      await current().goto(url, { waitUntil: 'load' });
    },
    async reload() {
      await current().reload({ waitUntil: 'load' });
    },
    async evaluate<Result>(expression: string) {
      return (await current().evaluate(expression)) as Result;
    },
    async element(expression) {
      const handle = await current().evaluateHandle(expression);
      const element = handle.asElement();
      if (!element) {
        await handle.dispose();
        return null;
      }
      return { engineElement: element };
    },
    click: (element) => handleOf(element).click(),
    type: (element, text) => handleOf(element).type(text),
    press: (key) => current().keyboard.press(key),
    async cookies() {
      return (await context?.cookies()) ?? [];
    },
    async screenshot(file) {
      await current().screenshot({ path: file as `${string}.png`, fullPage: true });
    },
    async close() {
      await browser.close();
    },
  };
}
