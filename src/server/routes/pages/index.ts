import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pageResponseSchemas } from '../../../shared/schemas/api.js';
import { SECTION_NOT_FOUND, SECTIONS, type Section } from '../../../shared/sections.js';
import { servedContentOf } from '../../collections/portfolio.js';
import { type ContentSnapshot, type ContentState, withVersionedEtags } from '../../content/content-state.js';
import { AppError } from '../../errors.js';
import { perVersion } from '../../lib/per-version.js';
import { type CompressedBody, compressBody, sendCompressed } from '../../lib/precompressed.js';
import { errorResponses, ok } from '../responses.js';

/**
 * Browsers may keep a section a minute and then use it while they check it again in the background
 * (a 304 when unchanged; the ETag changes with each published version).
 */
const CONTENT_CACHE_CONTROL = 'public, max-age=60, stale-while-revalidate=86400';

/** `GET /pages/{section}`: the owner's content, every language at once (spec §7). */
export const pagesRoutes: FastifyPluginAsync<{ content: ContentState }> = async (app, { content }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();

  // Each version's answers are serialized and compressed once (the schema still documents them in
  // OpenAPI), ahead of the first request: the served version's as the routes are registered, a newly
  // published one's as it is swapped in. Requests only pick the encoding of a ready answer.
  // The portfolio carries the published projects no item stands for (decision 030): its ETag names
  // the entries' state too.
  const answers = perVersion(
    async (snapshot: ContentSnapshot, section: Section): Promise<CompressedBody> =>
      withVersionedEtags(
        await compressBody(
          'application/json; charset=utf-8',
          JSON.stringify(pageResponseSchemas[section].parse(ok(servedContentOf(snapshot)[section]))),
        ),
        section === 'portfolio' ? snapshot.tag : snapshot.version,
      ),
  );
  const prepare = (snapshot: ContentSnapshot) => {
    for (const section of SECTIONS) {
      const answer = answers(snapshot, section);
      // A failure is logged here and tried again by the request that needs the answer.
      if (answer instanceof Promise)
        answer.catch((error: unknown) => app.log.error({ err: error, section }, 'a section answer failed'));
    }
  };
  prepare(content.current);
  const stopPreparing = content.onChange(prepare);
  app.addHook('onClose', async () => stopPreparing());

  for (const section of SECTIONS) {
    const send = (request: FastifyRequest, reply: FastifyReply, body: CompressedBody) =>
      sendCompressed(request, reply, body, { cacheControl: CONTENT_CACHE_CONTROL });
    app.get(`/pages/${section}`, {
      schema: { tags: ['pages'], summary: `The ${section} section`, response: { 200: pageResponseSchemas[section] } },
      compress: false,
      handler: (request, reply) => {
        const answer = answers(content.current, section);
        return answer instanceof Promise
          ? answer.then((body) => send(request, reply, body))
          : send(request, reply, answer);
      },
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
