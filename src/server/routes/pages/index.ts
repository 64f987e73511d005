import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pageResponseSchemas } from '../../../shared/schemas/api.js';
import type { SiteContent } from '../../../shared/schemas/content.js';
import { SECTION_NOT_FOUND, SECTIONS } from '../../../shared/sections.js';
import { AppError } from '../../errors.js';
import { compressBody, sendCompressed } from '../../serving/precompressed.js';
import { errorResponses, ok } from '../responses.js';

/**
 * Content changes only on restart, so browsers may keep a section a minute and then use it while they
 * check it again in the background (a 304 when unchanged).
 */
export const CONTENT_CACHE_CONTROL = 'public, max-age=60, stale-while-revalidate=86400';

/** `GET /pages/{section}`: the owner's content, every language at once (spec §7). */
export const pagesRoutes: FastifyPluginAsync<{ content: SiteContent }> = async (app, { content }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();

  for (const section of SECTIONS) {
    // Content was validated against these schemas at start-up and never changes while the server
    // runs, so each answer is serialized and compressed once here (the schema still documents it in
    // OpenAPI); requests only pick the encoding.
    const body = await compressBody(
      'application/json; charset=utf-8',
      JSON.stringify(pageResponseSchemas[section].parse(ok(content[section]))),
    );
    app.get(`/pages/${section}`, {
      schema: { tags: ['pages'], summary: `The ${section} section`, response: { 200: pageResponseSchemas[section] } },
      compress: false,
      handler: (request, reply) => sendCompressed(request, reply, body, { cacheControl: CONTENT_CACHE_CONTROL }),
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
