import type { ElementRef, EngineDriver } from '../drivers/engine-driver.js';
import type { ProxiedRequest, SiteProxy } from './site-proxy.js';

type Name = string | RegExp;

/** An element as a person names it: by role and accessible name, by label, by text; `within` narrows. */
export type Query = { within?: Query } & (
  | { role: string; name?: Name; level?: number }
  | { label: Name }
  | { text: Name }
  | { testId: string }
);

export const byRole = (role: string, name?: Name, options: { level?: number; within?: Query } = {}): Query => ({
  role,
  name,
  ...options,
});
export const byLabel = (label: Name, within?: Query): Query => ({ label, within });
export const byText = (text: Name, within?: Query): Query => ({ text, within });
export const byTestId = (testId: string): Query => ({ testId });

/** A query as the page probe reads it: regular expressions travel as their source and flags. */
function serialize(query: Query): string {
  return JSON.stringify(query, (_key, value: unknown) =>
    value instanceof RegExp ? { regex: value.source, flags: value.flags } : value,
  );
}

/** How long a page may take to show what a step waits for, on two shared cores. */
const WAIT_MS = 15_000;
/** A beacon sent as a page ends may arrive just after the next step starts. */
const REPORT_SETTLE_MS = 300;

/**
 * One engine's tab on the site, as the journeys use it: every step waits for what a person would
 * wait for, finds elements by role, label and text (the page probe), and acts through the driver.
 */
export class SitePage {
  /**
   * Browsers ask for /favicon.ico on a document that names no icon, as WebKit does for the
   * robots.txt it reads to forget the last journey (at any moment after); the pages name theirs.
   */
  private readonly allowed: RegExp[] = [/^request failed: GET \/favicon\.ico → 404$/];

  constructor(
    readonly driver: EngineDriver,
    readonly proxy: SiteProxy,
  ) {}

  get engine() {
    return this.driver.engine;
  }

  /** An error, console message or failed request the journey provokes on purpose. */
  allow(pattern: RegExp): void {
    this.allowed.push(pattern);
  }

  /** Opens a path and waits until the app has taken the page over and the loader is gone. */
  async open(path: string): Promise<void> {
    await this.leaveWhenSettled();
    await this.driver.goto(this.proxy.url + path);
    await this.waitForPage();
  }

  async reload(): Promise<void> {
    await this.leaveWhenSettled();
    await this.driver.reload();
    await this.waitForPage();
  }

  /**
   * A person reads a page before leaving it; a test would leave while its requests are on their way,
   * and Firefox rejects such a fetch, which the app then reports as a failure.
   */
  private leaveWhenSettled(): Promise<void> {
    return this.proxy.idle();
  }

  /** Rendered, taken over by the app (a click before would be lost), with the loader finished. */
  async waitForPage(): Promise<void> {
    await this.waitUntil(
      'the page to be taken over with its loader finished',
      `document.documentElement.hasAttribute('data-hydrated')
        && !!document.querySelector('main h1')
        && document.querySelector('[data-testid="loading-overlay"]')?.getAttribute('data-state') === 'finished'
        && !!window.__engines`,
    );
  }

  /** Waits until a JavaScript expression in the page is truthy, and gives its value. */
  async waitUntil<Result>(what: string, expression: string, timeout = WAIT_MS): Promise<Result> {
    const deadline = Date.now() + timeout;
    let last: unknown;
    for (;;) {
      try {
        last = await this.driver.evaluate<Result>(expression);
        if (last) return last as Result;
      } catch (error) {
        // A page in the middle of a navigation cannot answer; ask again.
        last = error;
      }
      if (Date.now() > deadline) {
        throw new Error(`${this.engine}: waited ${timeout} ms for ${what}; last: ${String(last)}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  /** Waits until a value read from the page equals what is expected. */
  async expectValue(what: string, expression: string, expected: unknown): Promise<void> {
    const wanted = JSON.stringify(expected);
    try {
      await this.waitUntil(what, `JSON.stringify(${expression}) === ${JSON.stringify(wanted)}`);
    } catch {
      const actual = await this.driver.evaluate<unknown>(expression).catch((error: unknown) => error);
      throw new Error(`${this.engine}: ${what}: expected ${wanted}, got ${JSON.stringify(actual)}`);
    }
  }

  async find(query: Query): Promise<ElementRef> {
    const probe = `window.__engines?.find(${serialize(query)})`;
    // An element does not travel back as a value: ask whether there is one, then for it.
    await this.waitUntil(`${serialize(query)} to be visible`, `!!${probe}`);
    const element = await this.driver.element(probe);
    if (!element) throw new Error(`${this.engine}: ${serialize(query)} went away`);
    return element;
  }

  async click(query: Query): Promise<void> {
    await this.driver.click(await this.find(query));
  }

  async fill(query: Query, text: string): Promise<void> {
    await this.driver.type(await this.find(query), text);
  }

  press(key: 'Escape' | 'Enter' | 'Tab'): Promise<void> {
    return this.driver.press(key);
  }

  async expectVisible(query: Query): Promise<void> {
    await this.find(query);
  }

  async expectHidden(query: Query): Promise<void> {
    await this.expectCount(query, 0);
  }

  async expectCount(query: Query, count: number): Promise<void> {
    await this.expectValue(`how many ${serialize(query)}`, `window.__engines.count(${serialize(query)})`, count);
  }

  async expectText(query: Query, text: string): Promise<void> {
    await this.expectValue(
      `the text of ${serialize(query)}`,
      `window.__engines.text(${serialize(query)})?.trim()`,
      text,
    );
  }

  async expectAttribute(query: Query, attribute: string, value: string | null): Promise<void> {
    await this.expectValue(
      `${attribute} of ${serialize(query)}`,
      `window.__engines.attribute(${serialize(query)}, ${JSON.stringify(attribute)})`,
      value,
    );
  }

  async expectFocused(query: Query): Promise<void> {
    await this.waitUntil(`${serialize(query)} to have focus`, `window.__engines.focused(${serialize(query)})`);
  }

  expectTitle(title: string): Promise<void> {
    return this.expectValue('the title', 'document.title', title);
  }

  expectPath(path: string): Promise<void> {
    return this.expectValue('the path', 'location.pathname', path);
  }

  expectHtmlAttribute(attribute: string, value: string | null): Promise<void> {
    return this.expectValue(
      `<html ${attribute}>`,
      `document.documentElement.getAttribute(${JSON.stringify(attribute)})`,
      value,
    );
  }

  /** A mark on the page's window: still there after a navigation means the app navigated, not the browser. */
  async markDocument(): Promise<void> {
    await this.driver.evaluate('(window.__sameDocument = true)');
  }

  async expectSameDocument(): Promise<void> {
    await this.expectValue('the page to be the same document', 'window.__sameDocument === true', true);
  }

  /** Waits until the proxy has seen a request like this, and gives it. */
  async expectRequest(what: string, matches: (request: ProxiedRequest) => boolean): Promise<ProxiedRequest> {
    const deadline = Date.now() + WAIT_MS;
    for (;;) {
      const request = this.proxy.requests.find(matches);
      if (request) return request;
      if (Date.now() > deadline) {
        const seen = this.proxy.requests.map((seen) => `${seen.method} ${seen.path} ${seen.status}`);
        throw new Error(`${this.engine}: no ${what} among ${JSON.stringify(seen)}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  async cookie(name: string): Promise<string | undefined> {
    return (await this.driver.cookies()).find((cookie) => cookie.name === name)?.value;
  }

  /**
   * Waits until the browser's cookie store holds a cookie the page wrote. WebKit hands a
   * `document.cookie` write to its network process later: a reload at once can go out without it.
   */
  async expectCookie(name: string, value: string): Promise<void> {
    const deadline = Date.now() + WAIT_MS;
    let last = await this.cookie(name);
    while (last !== value) {
      if (Date.now() > deadline) {
        throw new Error(`${this.engine}: cookie ${name}: expected ${value}, got ${String(last)}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
      last = await this.cookie(name);
    }
  }

  /**
   * Everything that went wrong and was not expected: what the page probe reported (every engine),
   * what the protocol reported (where it can), and every request the site answered with an error.
   */
  async problems(): Promise<string[]> {
    await this.proxy.idle();
    await new Promise((resolve) => setTimeout(resolve, REPORT_SETTLE_MS));
    const found = [
      ...this.proxy.reports.map((report) => `${report.kind} on ${report.page}: ${report.text}`),
      ...(this.driver.nativeErrors() ?? []),
      ...this.proxy.requests
        .filter((request) => request.status === 0 || request.status >= 400)
        .map((request) => `request failed: ${request.method} ${request.path} → ${request.status || 'dropped'}`),
    ];
    return found.filter((problem) => !this.allowed.some((pattern) => pattern.test(problem)));
  }
}
