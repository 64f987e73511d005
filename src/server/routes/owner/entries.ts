import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { LOCALES, type Locale } from '../../../shared/locales.js';
import {
  type Collection,
  type EntryContent,
  entryLocales,
  entryState,
  type RenderedText,
} from '../../../shared/schemas/collections.js';
import { checkEntryContent } from '../../../shared/schemas/entry-problems.js';
import {
  entryCollectionParamsSchema,
  entryCreateBodySchema,
  entryCreatedResponseSchema,
  entryDeletedResponseSchema,
  entryDraftBodySchema,
  entryDraftConflictSchema,
  entryDraftResponseSchema,
  entryListResponseSchema,
  entryNoteBodySchema,
  entryParamsSchema,
  entryPreviewBodySchema,
  entryPreviewResponseSchema,
  entryResponseSchema,
  entryRestoreResponseSchema,
  entryVersionParamsSchema,
  entryVersionResponseSchema,
  entryVersionSummaryResponseSchema,
  entryVersionsQuerySchema,
  entryVersionsResponseSchema,
} from '../../../shared/schemas/entry-store.js';
import { requireRecentAuthentication } from '../../auth/reauthentication.js';
import { refreshPublishedEntries } from '../../collections/entries-state.js';
import type { Db } from '../../db/database.js';
import { AppError } from '../../errors.js';
import { renderEntry, renderMarkdown } from '../../markdown/render-markdown.js';
import {
  createEntry,
  deleteEntry,
  EntryMissingError,
  type EntryRecord,
  type EntryVersionSummary,
  entryById,
  entryDraft,
  entryVersionByNumber,
  listEntries,
  listEntryVersions,
  publishEntryVersion,
  restoreEntryVersion,
  SlugTakenError,
  saveEntryDraft,
} from '../../repositories/entry-repository.js';
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

const summary = ({ number, createdAt, source, note, restoredFrom }: EntryVersionSummary) => ({
  number,
  createdAt,
  source,
  note,
  restoredFrom,
});

const record = ({ id, collection, slug, createdAt, latestVersion, visibleFrom }: EntryRecord) => ({
  id,
  collection,
  slug,
  createdAt,
  latestVersion,
  visibleFrom,
});

/** What a new entry's editor starts from: a draft in no language yet, dated now. */
function newEntryContent(collection: Collection, slug: string, now = new Date()): Record<string, unknown> {
  const common = { slug, status: 'draft', date: now.toISOString().slice(0, 10), tags: [], text: {} };
  if (collection === 'notes') return common;
  return { ...common, group: '', year: now.getUTCFullYear(), stack: [], links: {}, gallery: [] };
}

function slugTaken(slug: unknown): never {
  throw new AppError(409, 'slug_taken', `Another entry has (or had) the address ${String(slug)}`);
}

/**
 * The collections' entries for the owner's studio, inside the owner scope (401 without a session,
 * 403 from another site): a collection's list, a new entry, an entry's draft (saved from the
 * revision it started from, 409 with the current draft otherwise), publishing it (refused with every
 * problem by path and language), its versions and restore, deleting it, and its bodies previewed as
 * the server renders them. Every write that visitors see refreshes the entries this process serves.
 */
export const entryRoutes: FastifyPluginAsync<{ db: Db }> = async (app, { db }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const refresh = () => refreshPublishedEntries(db, app.contentState);

  /** The entry of that collection, not deleted; 404 otherwise. */
  async function entryOf(collection: Collection, id: string): Promise<EntryRecord> {
    const entry = await entryById(db, id);
    if (!entry || entry.collection !== collection || entry.deletedAt !== null) {
      throw new AppError(404, 'not_found', `There is no such entry in ${collection}`);
    }
    return entry;
  }

  /** The draft, or the published version (a new entry's start when there is none) as the draft to start from. */
  async function currentDraft(entry: EntryRecord): Promise<OpenedDraft> {
    const draft = await entryDraft(db, entry.id);
    if (draft) return draft;
    const latest = entry.latestVersion === null ? undefined : await entryVersionByNumber(db, entry.latestVersion);
    return {
      content: latest?.content ?? newEntryContent(entry.collection, entry.slug),
      basedOn: latest?.number ?? null,
      revision: 0,
      updatedAt: null,
    };
  }

  async function publishedSummary(entry: EntryRecord) {
    if (entry.latestVersion === null) return null;
    const latest = await entryVersionByNumber(db, entry.latestVersion);
    return latest ? summary(latest) : null;
  }

  /** The draft as an entry of its collection, or a 422 with every problem (`text.english.title`). */
  function checkedDraft(collection: Collection, candidate: unknown): EntryContent {
    const checked = checkEntryContent(collection, candidate);
    if (checked.content) return checked.content;
    const { errors } = checked;
    throw new AppError(422, 'validation_failed', `The draft has ${errors.length} problem(s)`, errors);
  }

  api.get('/owner/entries/:collection', {
    schema: {
      tags: ['entries'],
      summary: "A collection's entries, newest first, with their state, languages, titles and drafts",
      params: entryCollectionParamsSchema,
      response: { 200: entryListResponseSchema },
    },
    handler: async (request) => {
      const now = new Date();
      const entries = await listEntries(db, request.params.collection);
      // The drafts' contents, for their titles and whether they differ from what visitors see.
      const drafts = await Promise.all(entries.map((entry) => (entry.draft ? entryDraft(db, entry.id) : undefined)));
      const rows = entries.map((entry, index) => {
        const latest = entry.latest;
        const draft = drafts[index];
        const titles: Partial<Record<Locale, string>> = {};
        for (const locale of LOCALES) {
          const title = titleOf(draft?.content, locale) ?? latest?.text[locale]?.title;
          if (title) titles[locale] = title;
        }
        return {
          id: entry.id,
          slug: entry.slug,
          state: latest ? entryState(latest, now) : ('draft' as const),
          date: latest?.date ?? null,
          tags: latest?.tags ?? [],
          languages: latest ? entryLocales(latest) : [],
          titles,
          unpublished: draft !== undefined && !sameJson(draft.content, latest),
          updatedAt: draft?.updatedAt ?? entry.createdAt,
          latestVersion: entry.latestVersion,
        };
      });
      const sortKey = (row: (typeof rows)[number]) =>
        row.date ? new Date(Date.parse(row.date)).toISOString() : row.updatedAt;
      return ok(rows.sort((a, b) => (sortKey(a) < sortKey(b) ? 1 : sortKey(a) > sortKey(b) ? -1 : 0)));
    },
  });

  api.post('/owner/entries/:collection', {
    schema: {
      tags: ['entries'],
      summary: 'A new entry, with its address (slug); its draft starts empty',
      description: 'Refused with 409 `slug_taken` when another entry of the collection has or once had the slug.',
      params: entryCollectionParamsSchema,
      body: entryCreateBodySchema,
      response: { 200: entryCreatedResponseSchema, ...errorResponses(409) },
    },
    handler: async (request) => {
      try {
        return ok(record(await createEntry(db, request.params.collection, request.body.slug)));
      } catch (error) {
        if (error instanceof SlugTakenError) slugTaken(request.body.slug);
        throw error;
      }
    },
  });

  api.get('/owner/entries/:collection/:id', {
    schema: {
      tags: ['entries'],
      summary: 'An entry, its draft (the published version, or a new start, when there is none) and its latest version',
      params: entryParamsSchema,
      response: { 200: entryResponseSchema, ...errorResponses(404) },
    },
    handler: async (request) => {
      const entry = await entryOf(request.params.collection, request.params.id);
      const [draft, published] = await Promise.all([currentDraft(entry), publishedSummary(entry)]);
      return ok({ entry: record(entry), draft, published });
    },
  });

  api.put('/owner/entries/:collection/:id/draft', {
    bodyLimit: DRAFT_BODY_LIMIT,
    schema: {
      tags: ['entries'],
      summary: "Save an entry's draft, from the revision it started from",
      description: DRAFT_SAVE_DESCRIPTION,
      params: entryParamsSchema,
      body: entryDraftBodySchema,
      response: {
        200: entryDraftResponseSchema,
        409: entryDraftConflictSchema,
        ...errorResponses(404, 413),
      },
    },
    handler: async (request, reply) => {
      const entry = await entryOf(request.params.collection, request.params.id);
      const result = await saveEntryDraft(db, entry.id, request.body);
      if (!result.saved) {
        return reply.code(409).send(draftConflict(await currentDraft(entry)));
      }
      return ok({ draft: result.draft, published: await publishedSummary(entry) });
    },
  });

  api.post('/owner/entries/:collection/:id/publish', {
    schema: {
      tags: ['entries'],
      summary: "Publish an entry's draft as its new version, its bodies rendered once",
      description:
        'Refused with 422 and every problem (`text.english.title`) when the draft is not valid, and with 409 `slug_taken` when its slug is another entry’s. A published entry dated in the future is scheduled: visitors see it from that time.',
      params: entryParamsSchema,
      body: entryNoteBodySchema,
      response: { 200: entryVersionSummaryResponseSchema, ...errorResponses(404, 409, 422) },
    },
    handler: async (request) => {
      const entry = await entryOf(request.params.collection, request.params.id);
      const draft = await entryDraft(db, entry.id);
      if (!draft) throw noDraftToPublish();
      const content = checkedDraft(entry.collection, draft.content);
      const rendered = await renderEntry(content);
      let published: EntryVersionSummary;
      try {
        published = await publishEntryVersion(
          db,
          entry.id,
          { content, rendered },
          { source: 'editor', note: request.body.note ?? null },
        );
      } catch (error) {
        if (error instanceof SlugTakenError) slugTaken(content.slug);
        if (error instanceof EntryMissingError) throw new AppError(404, 'not_found', 'The entry was deleted meanwhile');
        throw error;
      }
      await refresh();
      return ok(summary(published));
    },
  });

  api.get('/owner/entries/:collection/:id/versions', {
    schema: {
      tags: ['entries'],
      summary: "An entry's published versions, newest first",
      params: entryParamsSchema,
      querystring: entryVersionsQuerySchema,
      response: { 200: entryVersionsResponseSchema, ...errorResponses(404) },
    },
    handler: async (request) => {
      const entry = await entryOf(request.params.collection, request.params.id);
      return ok((await listEntryVersions(db, entry.id, request.query)).map(summary));
    },
  });

  /** A version of this entry; 404 for another entry's or one that does not exist. */
  async function versionOf(entry: EntryRecord, number: number) {
    const version = await entryVersionByNumber(db, number);
    if (!version || version.entryId !== entry.id) throw noSuchVersion(number);
    return version;
  }

  api.get('/owner/entries/:collection/:id/versions/:number', {
    schema: {
      tags: ['entries'],
      summary: "One of an entry's versions with its content",
      params: entryVersionParamsSchema,
      response: { 200: entryVersionResponseSchema, ...errorResponses(404) },
    },
    handler: async (request) => {
      const entry = await entryOf(request.params.collection, request.params.id);
      const version = await versionOf(entry, request.params.number);
      return ok({ ...summary(version), content: version.content });
    },
  });

  api.post('/owner/entries/:collection/:id/versions/:number/restore', {
    schema: {
      tags: ['entries'],
      summary: "Publish a copy of one of an entry's versions as its newest, and make it the draft",
      description:
        'A draft with unpublished edits is set aside (`setAside`), never lost; an autosave from before the restore gets 409. Needs a sign-in from the last 10 minutes, as a restore of the sections does.',
      params: entryVersionParamsSchema,
      body: entryNoteBodySchema,
      response: { 200: entryRestoreResponseSchema, ...errorResponses(404, 409) },
    },
    preHandler: requireRecentAuthentication,
    handler: async (request) => {
      const entry = await entryOf(request.params.collection, request.params.id);
      const version = await versionOf(entry, request.params.number);
      let restored: Awaited<ReturnType<typeof restoreEntryVersion>>;
      try {
        restored = await restoreEntryVersion(db, version, { note: restoreNote(request.body.note, version.number) });
      } catch (error) {
        if (error instanceof SlugTakenError) slugTaken(version.content.slug);
        throw error;
      }
      await refresh();
      const { setAside } = restored;
      return ok({
        ...summary(restored.published),
        draft: restored.draft,
        setAside: setAside ? { id: setAside.id, setAsideAt: setAside.setAsideAt } : null,
      });
    },
  });

  api.delete('/owner/entries/:collection/:id', {
    schema: {
      tags: ['entries'],
      summary: 'Delete an entry: its page goes at once; its addresses stay taken',
      description: 'Needs a sign-in from the last 10 minutes, as a restore does.',
      params: entryParamsSchema,
      response: { 200: entryDeletedResponseSchema, ...errorResponses(404) },
    },
    preHandler: requireRecentAuthentication,
    handler: async (request) => {
      const entry = await entryOf(request.params.collection, request.params.id);
      if (!(await deleteEntry(db, entry.id))) throw new AppError(404, 'not_found', 'There is no such entry');
      await refresh();
      return ok({ deleted: true as const });
    },
  });

  api.post('/owner/entries/:collection/:id/preview', {
    bodyLimit: DRAFT_BODY_LIMIT,
    schema: {
      tags: ['entries'],
      summary: "An entry's bodies rendered as publishing renders them (sanitized HTML, headings, words)",
      description:
        'The bodies sent, or the saved draft’s when none are sent. Never refused for an invalid draft: its bodies preview all the same.',
      params: entryParamsSchema,
      body: entryPreviewBodySchema,
      response: { 200: entryPreviewResponseSchema, ...errorResponses(404) },
    },
    handler: async (request) => {
      const entry = await entryOf(request.params.collection, request.params.id);
      const sources = request.body.bodies ?? draftBodies((await currentDraft(entry)).content);
      const bodies: Partial<Record<Locale, RenderedText>> = {};
      for (const locale of LOCALES) {
        const source = sources[locale];
        if (source !== undefined) bodies[locale] = await renderMarkdown(source, { locale });
      }
      return ok({ bodies });
    },
  });
};

/** A draft's title in a language, when it has one. */
function titleOf(content: unknown, locale: Locale): string | undefined {
  const title = (content as { text?: Record<string, { title?: unknown } | undefined> } | undefined)?.text?.[locale]
    ?.title;
  return typeof title === 'string' && title.trim() !== '' ? title : undefined;
}

/** Whether two JSON values hold the same data, whatever the order of their keys. */
function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const keysA = Object.keys(a).filter((key) => (a as Record<string, unknown>)[key] !== undefined);
  const keysB = Object.keys(b).filter((key) => (b as Record<string, unknown>)[key] !== undefined);
  if (keysA.length !== keysB.length) return false;
  return keysA.every((key) => sameJson((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]));
}

/** The Markdown bodies a draft has, whatever else it lacks. */
function draftBodies(content: unknown): Partial<Record<Locale, string>> {
  const texts = typeof content === 'object' && content !== null ? (content as { text?: unknown }).text : undefined;
  const bodies: Partial<Record<Locale, string>> = {};
  if (typeof texts !== 'object' || texts === null) return bodies;
  for (const locale of LOCALES) {
    const body = (texts as Record<string, { body?: unknown } | undefined>)[locale]?.body;
    if (typeof body === 'string') bodies[locale] = body;
  }
  return bodies;
}
