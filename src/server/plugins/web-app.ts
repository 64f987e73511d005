import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { APP_PATHS } from '../../shared/paths.js';
import type { SiteContent } from '../../shared/schemas/content.js';
import { isTheme } from '../../shared/theme.js';
import { errorBody } from '../errors.js';
import { mediaRoutes } from './media.js';

export interface WebAppOptions {
  webRoot: string;
  contentDir: string;
  cacheDir: string;
  content: SiteContent;
}

const SITE_DATA_PLACEHOLDER = '<!--site-data-->';

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

/** JSON placed inside a `<script type="application/json">`: `<` is escaped so it cannot close the tag. */
function jsonForHtml(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

function readTheme(request: FastifyRequest): string | undefined {
  const match = /(?:^|;\s*)theme=([^;]*)/.exec(request.headers.cookie ?? '');
  const theme = match?.[1];
  return isTheme(theme) ? theme : undefined;
}

/**
 * Serves the built web app: hashed assets cached for a year, every app path answered with
 * `index.html` (history-mode routing), 404 for unknown paths so crawlers see an honest status.
 * The page is finished per request: the owner's identity goes in as JSON for the first render,
 * and the theme cookie becomes `data-theme` so the first paint has the right colours (no inline script).
 */
export const webApp = fp<WebAppOptions>(async (app: FastifyInstance, options) => {
  const indexFile = path.join(options.webRoot, 'index.html');
  const template = existsSync(indexFile) ? readFileSync(indexFile, 'utf8') : undefined;
  if (!template) app.log.warn({ indexFile }, 'the web app is not built: run `npm run build`');

  const { first_name, last_name, role } = options.content.identity;
  const name = escapeHtml(`${first_name.lotin} ${last_name.lotin}`);
  // What search results and shared links show: the owner, their role and the first sentence of the intro.
  const firstSentence = /^[^.!?]*[.!?]?/.exec(options.content.home.intro.lotin)?.[0] ?? '';
  const description = escapeHtml(`${role.lotin}. ${firstSentence}`.slice(0, 200).trim());
  const head = [
    `<script id="site-data" type="application/json">${jsonForHtml({ identity: options.content.identity })}</script>`,
    `<meta name="description" content="${description}" />`,
    '<meta property="og:type" content="website" />',
    `<meta property="og:title" content="${name}" />`,
    `<meta property="og:description" content="${description}" />`,
  ].join('\n    ');
  const page = template
    ?.replace(SITE_DATA_PLACEHOLDER, head)
    .replace(/<title>[^<]*<\/title>/, `<title>${name}</title>`);

  function sendPage(request: FastifyRequest, reply: FastifyReply, statusCode: number) {
    if (!page) return reply.code(503).send(errorBody('service_unavailable', 'The web app is not built yet'));
    const theme = readTheme(request);
    return reply
      .code(statusCode)
      .header('cache-control', 'no-cache')
      .header('vary', 'Cookie')
      .type('text/html; charset=utf-8')
      .send(theme ? page.replace('<html ', `<html data-theme="${theme}" `) : page);
  }

  if (existsSync(options.webRoot)) {
    await app.register(fastifyStatic, {
      root: options.webRoot,
      wildcard: false,
      index: false,
      cacheControl: false,
      allowedPath: (pathName) => pathName !== '/index.html',
      setHeaders: (response, filePath) => {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        response.setHeader('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
      },
    });
  }

  await app.register(mediaRoutes, { imagesDir: path.join(options.contentDir, 'images'), cacheDir: options.cacheDir });

  for (const appPath of Object.values(APP_PATHS)) {
    app.get(appPath, { schema: { hide: true } }, (request, reply) => sendPage(request, reply, 200));
  }

  app.setNotFoundHandler((request, reply) => {
    const isPage = (request.method === 'GET' || request.method === 'HEAD') && !request.url.startsWith('/api/');
    if (isPage && !request.url.startsWith('/assets/')) return sendPage(request, reply, 404);
    return reply.code(404).send(errorBody('not_found', `No route ${request.method} ${request.url.split('?')[0]}`));
  });
});
