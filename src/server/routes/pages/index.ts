import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pageResponseSchemas } from '../../../shared/schemas/api.js';
import { SECTION_NOT_FOUND, SECTIONS, type Section } from '../../../shared/sections.js';
import { type ContentState, perSnapshot, withVersionedEtags } from '../../content/content-state.js';
import { AppError } from '../../errors.js';
import { memoizeAsync } from '../../lib/memoize-async.js';
import { type CompressedBody, compressBody, sendCompressed } from '../../serving/precompressed.js';
import { errorResponses, ok } from '../responses.js';

/**
 * Browsers may keep a section a minute and then use it while they check it again in the background
 * (a 304 when unchanged; the ETag changes with each published version).
 */
const CONTENT_CACHE_CONTROL = 'public, max-age=60, stale-while-revalidate=86400';

/** `GET /pages/{section}`: the owner's content, every language at once (spec §7). */
export const pagesRoutes: FastifyPluginAsync<{ content: ContentState }> = async (app, { content }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();

  // Each version's answers are serialized and compressed once, on the first request for them (the
  // schema still documents them in OpenAPI); requests only pick the encoding. A new version drops them.
  const answers = perSnapshot((snapshot) =>
    memoizeAsync(
      async (section: Section): Promise<CompressedBody> =>
        withVersionedEtags(
          await compressBody(
            'application/json; charset=utf-8',
            JSON.stringify(pageResponseSchemas[section].parse(ok(snapshot.content[section]))),
          ),
          snapshot.version,
        ),
    ),
  );

  for (const section of SECTIONS) {
    app.get(`/pages/${section}`, {
      schema: { tags: ['pages'], summary: `The ${section} section`, response: { 200: pageResponseSchemas[section] } },
      compress: false,
      handler: async (request, reply) =>
        sendCompressed(request, reply, await answers(content.current)(section), {
          cacheControl: CONTENT_CACHE_CONTROL,
        }),
    });
  }

  api.get('/pages/:section', {
    schema: {
      tags: ['pages'],
      summary: 'Any other section name',
      params: z.object({ section: z.string() }),
      response: errorResponses(404),
    },
    handler: async () => {
      throw new AppError(404, 'section_not_found', SECTION_NOT_FOUND);
    },
  });
};
