import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { FastifyPluginAsync } from 'fastify';
import { type CompressedBody, compressBody, isCompressible, readyBody, sendCompressed } from '../lib/precompressed.js';

export interface StaticFilesOptions {
  root: string;
  /** Source maps stay private unless the owner asks for them (SERVE_SOURCE_MAPS). */
  serveSourceMaps: boolean;
}

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
};

function contentTypeOf(file: string): string {
  return TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
}

/** `index.html` is the template pages are rendered from; `.br` and `.gz` are copies of other files. */
function isServable(relative: string, serveSourceMaps: boolean): boolean {
  if (relative === 'index.html' || /\.(?:br|gz)$/.test(relative)) return false;
  // Vite's build manifest is read by the server (page-assets.ts), not published.
  if (relative.startsWith('.vite/')) return false;
  // An exact route cannot hold the router's own syntax (`:param`, `*`); built names never do.
  if (!/^[\w./@+~-]+$/.test(relative)) return false;
  return serveSourceMaps || !relative.endsWith('.map');
}

function readIfExists(file: string): Buffer | undefined {
  return existsSync(file) ? readFileSync(file) : undefined;
}

/**
 * The built files, read into memory once at start-up with the brotli and gzip copies the build made
 * (compressed here only when a copy is missing), and served from there: no disk, no compression and
 * no path handling per request. Each file gets an exact route, so a path that is not literally one
 * of the built files (`/index.html`, `/assets/../x`, `%2e%2e`) matches nothing and falls through to
 * the 404 page. Hashed assets (`/assets/`) are cached for a year.
 */
export const staticFiles: FastifyPluginAsync<StaticFilesOptions> = async (app, { root, serveSourceMaps }) => {
  const relatives = (readdirSync(root, { recursive: true }) as string[])
    .map((relative) => relative.split(path.sep).join('/'))
    .filter((relative) => statSync(path.join(root, relative)).isFile() && isServable(relative, serveSourceMaps));

  const bodies = await Promise.all(
    relatives.map(async (relative): Promise<[string, CompressedBody]> => {
      const file = path.join(root, relative);
      const type = contentTypeOf(file);
      const identity = readFileSync(file);
      const br = readIfExists(`${file}.br`);
      const gzip = readIfExists(`${file}.gz`);
      const complete = br !== undefined && gzip !== undefined;
      const body =
        complete || !isCompressible(type)
          ? readyBody(type, identity, { br, gzip })
          : await compressBody(type, identity);
      return [relative, body];
    }),
  );

  for (const [relative, body] of bodies) {
    const cacheControl = relative.startsWith('assets/')
      ? 'public, max-age=31536000, immutable'
      : 'public, max-age=3600';
    // DevTools find a hidden source map through this header when the maps are served at all.
    const sourceMap = serveSourceMaps && relatives.includes(`${relative}.map`) ? `/${relative}.map` : undefined;
    app.get(`/${relative}`, { schema: { hide: true }, compress: false }, (request, reply) => {
      if (sourceMap) reply.header('sourcemap', sourceMap);
      return sendCompressed(request, reply, body, { cacheControl });
    });
  }
};
