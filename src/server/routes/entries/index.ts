import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LOCALES, type Locale } from '../../../shared/locales.js';
import { successResponseSchema } from '../../../shared/schemas/api.js';
import { entrySlugSchema } from '../../../shared/schemas/collections.js';
import { noteListViewSchema, noteViewSchema, projectViewSchema } from '../../../shared/schemas/entry-views.js';
import { entryPagesOf } from '../../collections/entry-pages.js';
import { type ContentSnapshot, type ContentState, withVersionedEtags } from '../../content/content-state.js';
import { AppError } from '../../errors.js';
import { perVersion } from '../../lib/per-version.js';
import { type CompressedBody, compressBody, sendCompressed } from '../../lib/precompressed.js';
import { errorResponses, ok } from '../responses.js';

/** As the sections: a minute, then used while it is checked again (the ETag names the entries' state). */
const CACHE_CONTROL = 'public, max-age=60, stale-while-revalidate=86400';

const noteListResponseSchema = successResponseSchema(noteListViewSchema);
const noteResponseSchema = successResponseSchema(noteViewSchema);
const projectResponseSchema = successResponseSchema(projectViewSchema);

const localeQuery = z.enum(LOCALES).default('lotin');
/** A slug that cannot be an entry's is simply not found (no page), as an unknown one. */
const slugParameter = z.object({ slug: z.string().max(200) });

/** A page number as the list's links write it; anything else is a page that does not exist. */
const pageQuery = z.coerce.number().int().min(1).max(10_000).optional();

type View =
  | { kind: 'list'; locale: Locale; tag: string | undefined; page: number }
  | {
      kind: 'note' | 'project';
      locale: Locale;
      slug: string;
    };

/**
 * `GET /notes`, `/notes/{slug}` and `/projects/{slug}`: the collections' pages as the browser's route
 * loaders fetch them, from the same snapshot and builder the server renders the pages with. Answers
 * exist only for what is visible in that language; each is made once per snapshot and kept compressed.
 */
export const entriesRoutes: FastifyPluginAsync<{ content: ContentState }> = async (app, { content }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const pagesOf = perVersion((snapshot: ContentSnapshot) => entryPagesOf(snapshot));

  const answerOf = perVersion(
    async (snapshot: ContentSnapshot, view: View): Promise<CompressedBody | undefined> => {
      const pages = pagesOf(snapshot);
      const data =
        view.kind === 'list'
          ? pages.noteList(view.locale, { tag: view.tag, page: view.page })
          : view.kind === 'note'
            ? pages.note(view.locale, view.slug)
            : pages.project(view.locale, view.slug);
      if (data === undefined) return undefined;
      return withVersionedEtags(
        await compressBody('application/json; charset=utf-8', JSON.stringify(ok(data))),
        snapshot.tag,
      );
    },
    (view: View) => JSON.stringify(view),
  );

  async function answer(request: FastifyRequest, reply: FastifyReply, view: View) {
    const snapshot = content.current;
    // Only what exists is kept: a made-up slug or tag is answered 404 and forgotten.
    const exists =
      view.kind === 'list'
        ? pagesOf(snapshot).noteList(view.locale, { tag: view.tag, page: view.page }) !== undefined
        : view.kind === 'note'
          ? pagesOf(snapshot).note(view.locale, view.slug) !== undefined
          : pagesOf(snapshot).project(view.locale, view.slug) !== undefined;
    if (!exists) throw new AppError(404, 'not_found', 'There is no such page in this language');
    const body = await answerOf(snapshot, view);
    if (!body) throw new AppError(404, 'not_found', 'There is no such page in this language');
    return sendCompressed(request, reply, body, { cacheControl: CACHE_CONTROL });
  }

  api.get('/notes', {
    schema: {
      tags: ['pages'],
      summary: 'The notes in one language, newest first, maybe of one tag; one page of them',
      querystring: z.object({ lang: localeQuery, tag: z.string().max(100).optional(), page: pageQuery }),
      response: { 200: noteListResponseSchema, ...errorResponses(404) },
    },
    compress: false,
    handler: (request, reply) =>
      answer(request, reply, {
        kind: 'list',
        locale: request.query.lang,
        tag: request.query.tag,
        page: request.query.page ?? 1,
      }),
  });

  for (const [kind, path, schema] of [
    ['note', '/notes/:slug', noteResponseSchema],
    ['project', '/projects/:slug', projectResponseSchema],
  ] as const) {
    api.get(path, {
      schema: {
        tags: ['pages'],
        summary: kind === 'note' ? 'A note in one language' : 'A project in one language',
        params: slugParameter,
        querystring: z.object({ lang: localeQuery }),
        response: { 200: schema, ...errorResponses(404) },
      },
      compress: false,
      handler: (request, reply) => {
        const { slug } = request.params;
        if (!entrySlugSchema.safeParse(slug).success) {
          throw new AppError(404, 'not_found', 'There is no such page in this language');
        }
        return answer(request, reply, { kind, locale: request.query.lang, slug });
      },
    });
  }
};
