import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponseSchema, pageResponseSchemas } from '../../../shared/schemas/api.js';
import type { SiteContent } from '../../../shared/schemas/content.js';
import { SECTION_NOT_FOUND, SECTIONS } from '../../../shared/sections.js';
import { AppError } from '../../errors.js';

/** `GET /pages/{section}`: the owner's content, every language at once (spec §7). */
export const pagesRoutes: FastifyPluginAsync<{ content: SiteContent }> = async (app, { content }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();

  for (const section of SECTIONS) {
    // Content was validated against these schemas at start-up and never changes while the server
    // runs, so each answer is serialized once here (the schema still documents it in OpenAPI).
    const body = JSON.stringify(
      pageResponseSchemas[section].parse({ success: true, message: 'OK', data: content[section] }),
    );
    app.get(`/pages/${section}`, {
      schema: { tags: ['pages'], summary: `The ${section} section`, response: { 200: pageResponseSchemas[section] } },
      handler: async (_request, reply) => reply.type('application/json; charset=utf-8').send(body),
    });
  }

  api.get('/pages/:section', {
    schema: {
      tags: ['pages'],
      summary: 'Any other section name',
      params: z.object({ section: z.string() }),
      response: { 404: errorResponseSchema },
    },
    handler: async () => {
      throw new AppError(404, 'section_not_found', SECTION_NOT_FOUND);
    },
  });
};
