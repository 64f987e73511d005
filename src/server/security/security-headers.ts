import fastifyHelmet from '@fastify/helmet';
import type { FastifyPluginAsync } from 'fastify';
import fastifyPlugin from 'fastify-plugin';
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

/**
 * The security headers on every answer, and the refusal of requests that name two hosts.
 *
 * - Content-Security-Policy starts from `default-src 'none'` and allows, from the site itself only,
 *   exactly what the built app loads: scripts, styles, images, fonts, API calls and the manifest.
 *   No inline script or style; nothing may frame the site (`frame-ancestors 'none'`, and the older
 *   `X-Frame-Options: DENY` says the same for browsers that predate it).
 * - HSTS (helmet's default: a year, subdomains) matters once a proxy serves the site over HTTPS.
 */
export const securityHeaders: FastifyPluginAsync = fastifyPlugin(async (app) => {
  await app.register(fastifyHelmet, {
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
  });

  app.addHook('onRequest', async (request, reply) => {
    // Two Host headers make the request ambiguous: a proxy may route by one and the app read the other.
    let hosts = 0;
    const raw = request.raw.rawHeaders;
    for (let index = 0; index < raw.length; index += 2) {
      if (raw[index]?.length === 4 && raw[index]?.toLowerCase() === 'host') hosts++;
    }
    if (hosts > 1) throw new AppError(400, 'bad_request', 'A request may carry only one Host header');
    reply.header('permissions-policy', PERMISSIONS_POLICY);
  });
});
