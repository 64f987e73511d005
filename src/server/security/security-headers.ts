import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyPluginAsync } from 'fastify';
import fastifyPlugin from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
import { AppError } from '../errors.js';

/**
 * Browser features the site never uses, switched off for it and for anything that might get
 * injected into it. Only names Chromium and Firefox know: an unknown one is a console error.
 */
export const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'autoplay=()',
  'camera=()',
  'display-capture=()',
  'geolocation=()',
  'gyroscope=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  'usb=()',
  'browsing-topics=()',
].join(', ');

const HELMET_OPTIONS: HelmetOptions = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'none'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'"],
      imgSrc: ["'self'"],
      fontSrc: ["'self'"],
      connectSrc: ["'self'"],
      manifestSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
  },
  xFrameOptions: { action: 'deny' },
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  crossOriginEmbedderPolicy: false,
};

/**
 * The headers helmet writes with our options, worked out once. They are the same for every answer,
 * and `@fastify/helmet` built helmet again on each request (its CSP parsing showed in the profile).
 */
function securityHeaderValues(): Record<string, string> {
  return headerValues(HELMET_OPTIONS);
}

/**
 * The Content-Security-Policy of a page whose inline `<style>` elements, and the inline `<script>`
 * that loads the app, are allowed by their hashes (`'sha256-…'`, see web-app/page-assets.ts); every
 * other inline style or script stays refused. `framedBySelf`
 * lets the site's own pages frame it (the owner's draft preview); nothing else may. `framesSelf` lets
 * it frame the site's own pages (the owner's area, which shows that preview). `noScripts` runs none.
 */
export function contentSecurityPolicyWith(
  styleHashes: string[],
  {
    scriptHashes = [],
    framedBySelf = false,
    framesSelf = false,
    noScripts = false,
  }: { scriptHashes?: string[]; framedBySelf?: boolean; framesSelf?: boolean; noScripts?: boolean } = {},
): string {
  const csp = HELMET_OPTIONS.contentSecurityPolicy;
  if (typeof csp !== 'object' || !csp.directives) throw new Error('no CSP directives');
  const directives = {
    ...csp.directives,
    scriptSrc: ["'self'", ...scriptHashes],
    styleSrc: ["'self'", ...styleHashes],
    ...(framedBySelf ? { frameAncestors: ["'self'"] } : {}),
    ...(framesSelf ? { frameSrc: ["'self'"] } : {}),
    ...(noScripts ? { scriptSrc: ["'none'"] } : {}),
  };
  return headerValues({ ...HELMET_OPTIONS, contentSecurityPolicy: { ...csp, directives } })[
    'content-security-policy'
  ] as string;
}

function headerValues(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = { 'permissions-policy': PERMISSIONS_POLICY };
  const response = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, () => undefined);
  return headers;
}

/**
 * The security headers on every answer, and the refusal of requests that name two hosts.
 *
 * - Content-Security-Policy starts from `default-src 'none'` and allows, from the site itself only,
 *   exactly what the built app loads: scripts, styles, images, fonts, API calls and the manifest.
 *   No inline script, and no inline style except a page's own stylesheets, allowed one by one by
 *   their hashes (contentSecurityPolicyWith, web-app/page-assets.ts). Nothing may frame the site
 *   (`frame-ancestors 'none'`, and the older `X-Frame-Options: DENY` says the same for browsers
 *   that predate it).
 * - HSTS (helmet's default: a year, subdomains) matters once a proxy serves the site over HTTPS.
 */
export const securityHeaders: FastifyPluginAsync = fastifyPlugin(async (app) => {
  const headers = securityHeaderValues();
  // A callback hook, not an async one: it runs on every request, and a promise per request shows.
  app.addHook('onRequest', (request, reply, done) => {
    // Two Host headers make the request ambiguous: a proxy may route by one and the app read the other.
    let hosts = 0;
    const raw = request.raw.rawHeaders;
    for (let index = 0; index < raw.length; index += 2) {
      if (raw[index]?.length === 4 && raw[index]?.toLowerCase() === 'host') hosts++;
    }
    if (hosts > 1) {
      done(new AppError(400, 'bad_request', 'A request may carry only one Host header'));
      return;
    }
    reply.headers(headers);
    done();
  });
});
