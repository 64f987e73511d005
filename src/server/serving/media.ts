import { createHash } from 'node:crypto';
import { createReadStream, existsSync, mkdirSync, statSync } from 'node:fs';
import { rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyPluginAsync } from 'fastify';
import { MEDIA_WIDTHS, type MediaWidth } from '../../shared/media.js';
import { imagePathSchema } from '../../shared/schemas/content.js';
import { AppError } from '../errors.js';
import { memoizeAsync } from '../lib/memoize-async.js';
import { loadSharp } from './load-sharp.js';
import { contentTypeOf } from './static-files.js';

export interface MediaOptions {
  imagesDir: string;
  cacheDir: string;
}

/**
 * `/media/<path>`: the owner's pictures from content/images. SVG is sent as it is; a raster picture
 * asked for with `?w=` is resized once with sharp to that width (never enlarged) as WebP and kept in
 * the cache folder, keyed by file, modification time and width.
 */
export const mediaRoutes: FastifyPluginAsync<MediaOptions> = async (app, { imagesDir, cacheDir }) => {
  const root = path.resolve(imagesDir);
  interface Resize {
    file: string;
    width: MediaWidth;
    target: string;
  }

  // The picture lives in the cache folder, not here: only a resize still running is shared.
  const resize = memoizeAsync(
    async ({ file, width, target }: Resize) => {
      mkdirSync(cacheDir, { recursive: true });
      const sharp = await loadSharp();
      const image = await sharp(file)
        .rotate()
        .resize({ width, withoutEnlargement: true })
        .webp({ quality: 80 })
        .toBuffer();
      const temporary = `${target}.${process.pid}.tmp`;
      await writeFile(temporary, image);
      await rename(temporary, target);
      return target;
    },
    { keyOf: ({ target }) => target, keepResults: false },
  );

  async function resized(file: string, width: MediaWidth): Promise<string> {
    const { mtimeMs } = statSync(file);
    const key = createHash('sha256').update(`${file}\0${mtimeMs}\0${width}`).digest('hex').slice(0, 32);
    const target = path.join(cacheDir, `${key}.webp`);
    if (existsSync(target)) return target;
    return resize({ file, width, target });
  }

  app.get<{ Params: { '*': string }; Querystring: { w?: string } }>(
    '/media/*',
    { schema: { hide: true } },
    async (request, reply) => {
      const relative = request.params['*'];
      const file = path.resolve(root, relative);
      if (!imagePathSchema.safeParse(relative).success || !file.startsWith(root + path.sep) || !existsSync(file)) {
        throw new AppError(404, 'not_found', 'No such picture');
      }
      const extension = path.extname(file).toLowerCase();
      reply.header('cache-control', 'public, max-age=86400');
      const width = request.query.w === undefined ? undefined : Number(request.query.w);
      if (width === undefined || extension === '.svg') {
        return reply.type(contentTypeOf(file)).send(createReadStream(file));
      }
      if (!MEDIA_WIDTHS.includes(width as MediaWidth)) {
        throw new AppError(400, 'bad_request', `w must be one of ${MEDIA_WIDTHS.join(', ')}`);
      }
      return reply.type('image/webp').send(createReadStream(await resized(file, width as MediaWidth)));
    },
  );
};
