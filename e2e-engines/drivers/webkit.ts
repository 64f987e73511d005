import { type ChildProcess, spawn } from 'node:child_process';
import { remote } from 'webdriverio';
import { freePort } from '../../scripts/built-site.js';
import type { ElementRef, EngineDriver } from './engine-driver.js';

export const WEBKIT_DRIVER_PATH = process.env.WEBKIT_DRIVER_PATH ?? '/usr/bin/WebKitWebDriver';
export const MINIBROWSER_PATH = process.env.MINIBROWSER_PATH ?? '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';

/** The key under which the WebDriver standard returns an element from a script. */
const ELEMENT_KEY = 'element-6066-11e4-a52e-4f735466cecf';

type Browser = Awaited<ReturnType<typeof remote>>;

async function untilAnswering(url: string, driver: ChildProcess): Promise<void> {
  for (let attempt = 0; attempt < 100; attempt++) {
    if (driver.exitCode !== null) break;
    if (
      await fetch(url).then(
        (response) => response.ok,
        () => false,
      )
    )
      return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`WebKitWebDriver did not start (apt-get install -y webkit2gtk-driver xvfb)`);
}

/**
 * WebKitGTK's MiniBrowser (the engine family of Safari) through WebKitWebDriver and WebdriverIO,
 * in a virtual X display. Classic WebDriver has no console or network events, so `nativeErrors`
 * is undefined: the page probe and the proxy see WebKit's errors and requests instead.
 */
export async function launchWebKit(): Promise<EngineDriver> {
  const port = await freePort();
  // Its own process group, so stopping it stops Xvfb and the browser with it.
  const driver = spawn(
    'xvfb-run',
    ['-a', '-s', '-screen 0 1920x1200x24', WEBKIT_DRIVER_PATH, `--port=${port}`, '--host=127.0.0.1'],
    { detached: true, stdio: 'ignore' },
  );
  const stopDriver = () => {
    if (driver.pid && driver.exitCode === null) process.kill(-driver.pid, 'SIGTERM');
  };
  try {
    await untilAnswering(`http://127.0.0.1:${port}/status`, driver);
  } catch (error) {
    stopDriver();
    throw error;
  }
  const options = {
    hostname: '127.0.0.1',
    port,
    path: '/',
    logLevel: 'error' as const,
    capabilities: {
      browserName: 'MiniBrowser',
      'wdio:enforceWebDriverClassic': true,
      'webkitgtk:browserOptions': { binary: MINIBROWSER_PATH, args: ['--automation'] },
    },
  };
  let browser: Browser | undefined;
  const current = (): Browser => {
    if (!browser) throw new Error('startFresh() first');
    return browser;
  };
  const elementOf = (element: ElementRef) => current().$(element.engineElement as never);

  return {
    engine: 'webkit',
    nativeErrors: () => undefined,
    async startFresh(width, height) {
      // A new session is a new browser with no cookies or storage: classic WebDriver has no contexts.
      await browser?.deleteSession().catch(() => undefined);
      browser = await remote(options);
      // The window includes its title bar: size it so the page itself gets width × height.
      await browser.setWindowSize(width, height);
      const inner = (await browser.execute('return [innerWidth, innerHeight]')) as [number, number];
      await browser.setWindowSize(width + (width - inner[0]), height + (height - inner[1]));
    },
    async goto(url) {
      await current().url(url);
    },
    async reload() {
      await current().refresh();
    },
    evaluate: (expression) => current().execute(`return ${expression}`),
    async element(expression) {
      const found = (await current().execute(`return ${expression}`)) as Record<string, string> | null;
      return found && typeof found[ELEMENT_KEY] === 'string' ? { engineElement: found } : null;
    },
    async click(element) {
      await (await elementOf(element)).click();
    },
    async type(element, text) {
      await (await elementOf(element)).addValue(text);
    },
    async press(key) {
      await current().keys(key);
    },
    async cookies() {
      return (await current().getCookies()).map(({ name, value }) => ({ name, value }));
    },
    async screenshot(file) {
      // WebKit's WebDriver captures the viewport only.
      await current().saveScreenshot(file);
    },
    async close() {
      await browser?.deleteSession().catch(() => undefined);
      stopDriver();
    },
  };
}
