import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { compareContent } from '../../../shared/content-compare.js';
import type { SiteContent } from '../../../shared/schemas/content.js';
import {
  contentBringBackResponseSchema,
  contentCompareParamsSchema,
  contentCompareResponseSchema,
  contentDraftBodySchema,
  contentDraftConflictSchema,
  contentDraftResponseSchema,
  contentExportQuerySchema,
  contentExportResponseSchema,
  contentNoteBodySchema,
  contentPreviewParamsSchema,
  contentPreviewQuerySchema,
  contentPreviewResponseSchema,
  contentRestoreResponseSchema,
  contentSetAsideDraftResponseSchema,
  contentSetAsideListResponseSchema,
  contentSetAsideParamsSchema,
  contentVersionParamsSchema,
  contentVersionResponseSchema,
  contentVersionSummaryResponseSchema,
  contentVersionsQuerySchema,
  contentVersionsResponseSchema,
} from '../../../shared/schemas/content-store.js';
import { requireRecentAuthentication } from '../../auth/reauthentication.js';
import { contentZip } from '../../content/content-files.js';
import { latestEntryFiles } from '../../content/entry-export.js';
import { type DraftPreview, previewContent } from '../../content/preview-content.js';
import { publishContent, restoreContent } from '../../content/publish-content.js';
import { validateSiteContent } from '../../content/validate-content.js';
import type { Db } from '../../db/database.js';
import { AppError } from '../../errors.js';
import { picturesOf } from '../../pictures/content-pictures.js';
import { refuseUnreviewedAlts } from '../../pictures/picture-usage.js';
import {
  bringBackSetAsideDraft,
  type ContentVersionSummary,
  contentDraft,
  contentVersionByNumber,
  latestContentVersion,
  listContentVersions,
  listSetAsideDrafts,
  saveContentDraft,
  setAsideDraftById,
} from '../../repositories/content-repository.js';
import { pictureByPath } from '../../repositories/picture-repository.js';
import { errorResponses, ok } from '../responses.js';
import {
  DRAFT_BODY_LIMIT,
  DRAFT_SAVE_DESCRIPTION,
  draftConflict,
  noDraftToPublish,
  noSuchVersion,
  type OpenedDraft,
  restoreNote,
} from './drafts.js';

const summary = ({ number, createdAt, source, note }: ContentVersionSummary) => ({ number, createdAt, source, note });

/**
 * The content store for the owner's studio, inside the owner scope (401 without a session, 403 from
 * another site): the draft (saved from the revision it started from, 409 with the current draft
 * otherwise), publishing it (refused with every problem listed), the versions, and restoring one.
 */
export const contentStoreRoutes: FastifyPluginAsync<{ db: Db }> = async (app, { db }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const state = () => app.contentState;

  /** The draft as content, or a 422 with every problem (section.path.language) when it is not valid. */
  function checkedDraft(candidate: unknown): SiteContent {
    if (typeof candidate !== 'object' || candidate === null || Array.isArray(candidate)) {
      throw new AppError(422, 'validation_failed', 'The draft is not content', [
        { field: 'content', code: 'invalid_type' },
      ]);
    }
    const checked = validateSiteContent(candidate as Record<string, unknown>);
    if (checked.errors) {
      throw new AppError(422, 'validation_failed', `The draft has ${checked.errors.length} problem(s)`, checked.errors);
    }
    return checked.content;
  }

  /** The draft, or the published version as the draft to start from when there is none. */
  async function currentDraft(): Promise<{
    draft: OpenedDraft;
    published: ContentVersionSummary | undefined;
  }> {
    const [draft, published] = await Promise.all([contentDraft(db), latestContentVersion(db)]);
    if (draft) return { draft, published };
    return {
      draft: {
        content: published?.content ?? state().current.content,
        basedOn: published?.number ?? null,
        revision: 0,
        updatedAt: null,
      },
      published,
    };
  }

  api.get('/owner/content/draft', {
    schema: {
      tags: ['content'],
      summary: 'The working draft (the published content when there is none yet) and the published version',
      response: { 200: contentDraftResponseSchema },
    },
    handler: async () => {
      const { draft, published } = await currentDraft();
      return ok({ draft, published: published ? summary(published) : null });
    },
  });

  api.put('/owner/content/draft', {
    bodyLimit: DRAFT_BODY_LIMIT,
    schema: {
      tags: ['content'],
      summary: 'Save the draft, from the revision it started from',
      description: DRAFT_SAVE_DESCRIPTION,
      body: contentDraftBodySchema,
      response: {
        200: contentDraftResponseSchema,
        409: contentDraftConflictSchema,
        ...errorResponses(413),
      },
    },
    handler: async (request, reply) => {
      const result = await saveContentDraft(db, request.body);
      const published = await latestContentVersion(db);
      if (!result.saved) {
        return reply.code(409).send(draftConflict((await currentDraft()).draft));
      }
      return ok({ draft: result.draft, published: published ? summary(published) : null });
    },
  });

  api.post('/owner/content/publish', {
    schema: {
      tags: ['content'],
      summary: 'Publish the draft as a new version',
      description: 'Refused with 422 and every problem (section.path.language) when the draft is not valid.',
      body: contentNoteBodySchema,
      response: { 200: contentVersionSummaryResponseSchema, ...errorResponses(409, 422) },
    },
    handler: async (request) => {
      const draft = await contentDraft(db);
      if (!draft) throw noDraftToPublish();
      const content = checkedDraft(draft.content);
      await refuseUnreviewedAlts(db, content);
      const published = await publishContent(db, state(), content, {
        source: 'editor',
        note: request.body.note ?? null,
      });
      return ok(summary(published));
    },
  });

  api.get('/owner/content/versions', {
    schema: {
      tags: ['content'],
      summary: 'Published versions, newest first',
      querystring: contentVersionsQuerySchema,
      response: { 200: contentVersionsResponseSchema },
    },
    handler: async (request) => ok((await listContentVersions(db, request.query)).map(summary)),
  });

  api.get('/owner/content/versions/:number', {
    schema: {
      tags: ['content'],
      summary: 'One published version with its content',
      params: contentVersionParamsSchema,
      response: { 200: contentVersionResponseSchema, ...errorResponses(404) },
    },
    handler: async (request) => {
      const version = await contentVersionByNumber(db, request.params.number);
      if (!version) throw noSuchVersion(request.params.number);
      return ok({ ...summary(version), content: version.content });
    },
  });

  /** A version's content, or the draft's ('draft'); 404 for a version that does not exist. */
  async function contentAt(reference: number | 'draft'): Promise<unknown> {
    if (reference === 'draft') return (await currentDraft()).draft.content;
    const version = await contentVersionByNumber(db, reference);
    if (!version) throw noSuchVersion(reference);
    return version.content;
  }

  api.get('/owner/content/versions/:from/compare/:to', {
    schema: {
      tags: ['content'],
      summary: 'What changed between two versions, or between a version and the draft, field by field',
      description:
        'Per section, each changed field by its path (as publishing names problems); a translated field names the languages whose text changed; list items added, removed or moved.',
      params: contentCompareParamsSchema,
      response: { 200: contentCompareResponseSchema, ...errorResponses(404) },
    },
    handler: async (request) => {
      const { from, to } = request.params;
      const [before, after] = await Promise.all([contentAt(from), contentAt(to)]);
      return ok({ from, to, sections: compareContent(before, after) });
    },
  });

  api.get('/owner/content/export.zip', {
    schema: {
      tags: ['content'],
      summary: 'The published version (or ?version=N) as a zip of its content folder',
      description:
        "The YAML files `npm run content:export` writes, each note's and project's latest version as notes/<slug>/<language>.md and projects/<slug>/<language>.md, and the pictures they name under images/. `npm run content:import` publishes the unzipped folder again.",
      querystring: contentExportQuerySchema,
      produces: ['application/zip'],
      response: { 200: contentExportResponseSchema, ...errorResponses(404) },
    },
    handler: async (request, reply) => {
      const wanted = request.query.version;
      const version = wanted === undefined ? await latestContentVersion(db) : await contentVersionByNumber(db, wanted);
      if (!version) {
        throw new AppError(
          404,
          'not_found',
          wanted === undefined ? 'No version is published yet' : `There is no version ${wanted}`,
        );
      }
      // The notes and projects as they are now, as content:export writes them.
      const entries = await latestEntryFiles(db);
      const { stream } = contentZip(version.content, {
        files: entries.files,
        pictures: [...new Set([...picturesOf(version.content), ...entries.pictures])],
        // The bytes each picture was uploaded or imported with, as content:export writes them.
        readPicture: async (picture) => (await pictureByPath(db, picture))?.bytes,
        modified: new Date(version.createdAt),
      });
      return reply
        .type('application/zip')
        .header('content-disposition', `attachment; filename="sahifa-content-v${version.number}.zip"`)
        .header('cache-control', 'no-store')
        .send(stream);
    },
  });

  // The draft made renderable once per saved draft: previews of several pages and languages of the
  // same draft (the studio's language and theme switches) share it; a new save replaces it.
  let previewed: { key: string; preview: DraftPreview } | undefined;

  // The home page is `/preview` (a trailing slash is ignored, so `/preview/` too); other pages follow it.
  for (const url of ['/owner/content/preview', '/owner/content/preview/*']) {
    api.get(url, {
      schema: {
        tags: ['content'],
        summary: 'A page as visitors would get it, rendered from the draft',
        description:
          'The real page (same renderer, template, head and styles) from the draft, in ?lang= and ?theme=; the 404 page for any other path. Never cached, not indexed, framable by the owner area only. A draft that is not valid previews too: a missing or invalid text is marked in place, and what cannot be shown comes from the published version, with a note at the top.',
        params: contentPreviewParamsSchema,
        querystring: contentPreviewQuerySchema,
        produces: ['text/html'],
        response: {
          200: contentPreviewResponseSchema,
          404: contentPreviewResponseSchema,
          ...errorResponses(503),
        },
      },
      handler: async (request, reply) => {
        const { draft } = await currentDraft();
        const key = `${draft.revision}|${draft.updatedAt}|${draft.basedOn}|${state().current.version}`;
        if (previewed?.key !== key) {
          previewed = { key, preview: previewContent(draft.content, state().current.content) };
        }
        const page = await app.renderPagePreview(previewed.preview, {
          path: `/${(request.params['*'] ?? '').replace(/\/+$/, '')}`,
          locale: request.query.lang,
          theme: request.query.theme,
        });
        if (!page) throw new AppError(503, 'service_unavailable', 'The web app is not built yet');
        return reply
          .code(page.status)
          .type('text/html; charset=utf-8')
          .headers({
            'cache-control': 'no-store',
            'x-robots-tag': 'noindex, nofollow',
            'content-security-policy': page.contentSecurityPolicy,
            'x-frame-options': 'SAMEORIGIN',
          })
          .send(page.html);
      },
    });
  }

  api.post('/owner/content/versions/:number/restore', {
    schema: {
      tags: ['content'],
      summary: 'Publish a copy of an older version as the newest, and make it the draft',
      description:
        'The draft becomes the restored content (based on the new version), so the next Publish cannot bring back what the restore undid. A draft with unpublished edits is set aside (`setAside`) and can be brought back; an autosave from before the restore gets 409.',
      params: contentVersionParamsSchema,
      body: contentNoteBodySchema,
      response: { 200: contentRestoreResponseSchema, ...errorResponses(404) },
    },
    // It replaces what every visitor reads: a recent proof of who is asking, as for the password.
    preHandler: requireRecentAuthentication,
    handler: async (request) => {
      const version = await contentVersionByNumber(db, request.params.number);
      if (!version) throw noSuchVersion(request.params.number);
      const restored = await restoreContent(db, state(), version, restoreNote(request.body.note, version.number));
      return ok({ ...summary(restored.published), draft: restored.draft, setAside: restored.setAside ?? null });
    },
  });

  api.get('/owner/content/set-aside', {
    schema: {
      tags: ['content'],
      summary: 'Drafts set aside by a restore, newest first',
      response: { 200: contentSetAsideListResponseSchema },
    },
    handler: async () => ok(await listSetAsideDrafts(db)),
  });

  api.get('/owner/content/set-aside/:id', {
    schema: {
      tags: ['content'],
      summary: 'One set-aside draft with its content',
      params: contentSetAsideParamsSchema,
      response: { 200: contentSetAsideDraftResponseSchema, ...errorResponses(404) },
    },
    handler: async (request) => {
      const kept = await setAsideDraftById(db, request.params.id);
      if (!kept) throw new AppError(404, 'not_found', 'There is no such set-aside draft');
      return ok(kept);
    },
  });

  api.post('/owner/content/set-aside/:id/bring-back', {
    schema: {
      tags: ['content'],
      summary: 'Make a set-aside draft the draft again',
      description:
        'The draft it replaces is set aside in turn when it has unpublished edits (`setAside`). An autosave from before gets 409.',
      params: contentSetAsideParamsSchema,
      response: { 200: contentBringBackResponseSchema, ...errorResponses(404) },
    },
    handler: async (request) => {
      const brought = await bringBackSetAsideDraft(db, request.params.id);
      if (!brought) throw new AppError(404, 'not_found', 'There is no such set-aside draft');
      const published = await latestContentVersion(db);
      return ok({
        draft: brought.draft,
        published: published ? summary(published) : null,
        setAside: brought.setAside ?? null,
      });
    },
  });
};
