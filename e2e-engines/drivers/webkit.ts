import { type ChildProcess, spawn } from 'node:child_process';
import { remote } from 'webdriverio';
import { freePort } from '../../scripts/built-site.js';
import type { ElementRef, EngineDriver } from './engine-driver.js';

export const WEBKIT_DRIVER_PATH = process.env.WEBKIT_DRIVER_PATH ?? '/usr/bin/WebKitWebDriver';
export const MINIBROWSER_PATH = process.env.MINIBROWSER_PATH ?? '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';

/** The key under which the WebDriver standard returns an element from a script. */
const ELEMENT_KEY = 'element-6066-11e4-a52e-4f735466cecf';

/** A full-page picture stops here: a taller window is more than any page of the site needs. */
const MAX_SHOT_HEIGHT = 8000;

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

function withTimeLimit<Value>(work: Promise<Value>, ms: number, what: string): Promise<Value> {
  return Promise.race([
    work,
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`${what} did not start in ${ms} ms`)), ms)),
  ]);
}

/** Deletes the site's IndexedDB databases, local and session storage; true when none is left. */
const FORGET_STORAGE = `return (async () => {
  localStorage.clear();
  sessionStorage.clear();
  for (const { name } of await indexedDB.databases()) {
    await new Promise((resolve) => {
      const request = indexedDB.deleteDatabase(name);
      request.onsuccess = request.onerror = request.onblocked = resolve;
    });
  }
  return (await indexedDB.databases()).length === 0;
})()`;

/**
 * Forgets the cookies and storage of the site last visited, from a document of the site that runs
 * none of its scripts (robots.txt), so nothing holds its database open; false when it cannot.
 */
async function forgetSite(browser: Browser): Promise<boolean> {
  try {
    const visited = new URL(await browser.getUrl());
    if (!visited.protocol.startsWith('http')) return true;
    await browser.url(`${visited.origin}/robots.txt`);
    await browser.deleteAllCookies();
    const forgotten = (await browser.execute(FORGET_STORAGE)) as boolean;
    const cookiesLeft = (await browser.getCookies()).length;
    await browser.url('about:blank');
    return forgotten && cookiesLeft === 0;
  } catch {
    return false;
  }
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
      // Full-screen mode has no toolbar, whose minimum width (447 px) would keep a phone-sized window wider.
      // No page cache: a page kept in it would hold the site's IndexedDB open while it is cleared.
      'webkitgtk:browserOptions': {
        binary: MINIBROWSER_PATH,
        args: ['--automation', '--full-screen', '--enable-page-cache=false'],
      },
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
      // Classic WebDriver has no browser contexts, and a new session per test costs seconds (and
      // now and then never answers): the one browser forgets the site's cookies and storage instead.
      if (!browser || !(await forgetSite(browser))) {
        await browser?.deleteSession().catch(() => undefined);
        browser = await withTimeLimit(remote(options), 30_000, 'a WebKit session');
      }
      await browser.setWindowSize(width, height);
      const inner = (await browser.execute('return [innerWidth, innerHeight]')) as [number, number];
      if (inner[0] !== width || inner[1] !== height) {
        throw new Error(`WebKit's viewport is ${inner.join('×')}, not ${width}×${height}`);
      }
    },
    async goto(url) {
      await current().url(url);
    },
    async reload() {
      await current().refresh();
    },
    async evaluate<Result>(expression: string) {
      return (await current().execute(`return ${expression}`)) as Result;
    },
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
      // WebKit's WebDriver captures the viewport only: the window grows to the page's height for
      // the picture (which also brings lazy pictures in), then shrinks back.
      const browser = current();
      const [viewportHeight, pageHeight] = (await browser.execute(
        'return [innerHeight, document.documentElement.scrollHeight]',
      )) as [number, number];
      const window = await browser.getWindowSize();
      const taller = Math.min(pageHeight, MAX_SHOT_HEIGHT) - viewportHeight;
      if (taller > 0) await browser.setWindowSize(window.width, window.height + taller);
      await browser.execute(
        'return Promise.all([...document.images].map((image) => image.decode().catch(() => null)))',
      );
      await browser.saveScreenshot(file);
      if (taller > 0) await browser.setWindowSize(window.width, window.height);
    },
    async close() {
      await browser?.deleteSession().catch(() => undefined);
      stopDriver();
    },
  };
}
