/** The engines the journeys run in; `ENGINES=firefox,webkit` picks some. */
export const ENGINES = ['chromium', 'firefox', 'webkit'] as const;
export type Engine = (typeof ENGINES)[number];

/** An element the driver found; only the driver that returned it knows what it is. */
export type ElementRef = { readonly engineElement: unknown };

export interface Cookie {
  name: string;
  value: string;
}

/**
 * What a journey needs from a browser, and no more: each driver (chromium.ts, firefox.ts,
 * webkit.ts) maps it onto its protocol. Finding elements happens in the page (the page probe), so
 * drivers only evaluate script, act on an element, and look.
 */
export interface EngineDriver {
  readonly engine: Engine;
  /**
   * Console errors and uncaught page errors the protocol itself reported, or undefined where the
   * protocol has no such events (classic WebDriver): there the page probe's reports stand alone.
   */
  nativeErrors(): string[] | undefined;
  /** A fresh browsing state (no cookies, no storage) at this viewport size, for the next test. */
  startFresh(width: number, height: number): Promise<void>;
  goto(url: string): Promise<void>;
  reload(): Promise<void>;
  /** Evaluates a JavaScript expression in the page; a promise is awaited. */
  evaluate<Result>(expression: string): Promise<Result>;
  /** Evaluates an expression that gives an element, or null. */
  element(expression: string): Promise<ElementRef | null>;
  click(element: ElementRef): Promise<void>;
  /** Types into a field as a person does, key by key. */
  type(element: ElementRef, text: string): Promise<void>;
  press(key: 'Escape' | 'Enter' | 'Tab'): Promise<void>;
  cookies(): Promise<Cookie[]>;
  screenshot(file: string): Promise<void>;
  close(): Promise<void>;
}
