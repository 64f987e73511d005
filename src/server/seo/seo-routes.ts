import type { FastifyPluginAsync } from 'fastify';
import { isLocale, LOCALES, type Locale } from '../../shared/locales.js';
import { COLLECTION_PATHS, COLLECTIONS, type Collection, entrySlugSchema } from '../../shared/schemas/collections.js';
import type { SiteContent } from '../../shared/schemas/content.js';
import { entryPagesOf, visibleIn } from '../collections/entry-pages.js';
import type { ContentSnapshot, ContentState } from '../content/content-state.js';
import type { Db } from '../db/database.js';
import { AppError } from '../errors.js';
import { perVersion } from '../lib/per-version.js';
import { type CompressedBody, compressBody, readyBody, sendCompressed } from '../lib/precompressed.js';
import { askPictureProcess } from '../pictures/picture-process.js';
import {
  PREVIEW_HEIGHT,
  PREVIEW_TYPE,
  PREVIEW_WIDTH,
  type PreviewEntry,
  previewVersion,
} from '../pictures/preview-image.js';
import { pictureByPath, pictureSummaryByPath } from '../repositories/picture-repository.js';
import { buildNoteFeeds, type FeedNote, NOTE_FEED_FORMATS, NOTES_WORD, type NoteFeedFormat } from './feeds.js';
import type { PreviewImage } from './page-head.js';
import { entrySitemapPages, robotsTxt, sitemapXml } from './sitemap.js';

export interface SeoOptions {
  content: ContentState;
  db: Db;
  /** The site's address now (`site-address.ts`). */
  origin: () => string;
}

type PreviewImageAddress = (origin: string, locale: Locale) => PreviewImage;

const FEED_FORMATS = Object.keys(NOTE_FEED_FORMATS) as NoteFeedFormat[];

/**
 * The preview picture's address per language, for each snapshot's pages: its version changes with
 * the owner's name, role or photo (the home photo's SHA-256, one summary read per snapshot, kept with
 * it; a failed read is tried again by the next page).
 */
export function previewImagesFor(db: Db) {
  return perVersion(async (snapshot: ContentSnapshot): Promise<PreviewImageAddress> => {
    const photo = await pictureSummaryByPath(db, snapshot.content.home.photo);
    const version = previewVersion(snapshot.content, photo?.sha256);
    return (origin, locale) => ({
      url: `${origin}/og/${locale}.jpg?v=${version}`,
      width: PREVIEW_WIDTH,
      height: PREVIEW_HEIGHT,
      type: PREVIEW_TYPE,
    });
  });
}

/** What each collection's cards say they are, after the owner's name. */
const ENTRY_LABELS: Record<Collection, Record<Locale, string>> = {
  notes: NOTES_WORD,
  projects: { lotin: 'Portfolio', russian: 'Портфолио', english: 'Portfolio' },
};

/** An entry's card in one language: its title and cover, when the snapshot shows it in that language. */
function entryCard(snapshot: ContentSnapshot, collection: Collection, slug: string, locale: Locale) {
  const pages = entryPagesOf(snapshot);
  const view = collection === 'notes' ? pages.note(locale, slug) : pages.project(locale, slug);
  if (!view) return undefined;
  return { entry: { title: view.title, label: ENTRY_LABELS[collection][locale] }, cover: view.cover };
}

/**
 * Each entry's preview picture address per language (its own card: the title, the owner's name and
 * the cover, else the home photo), for the snapshot's pages; undefined for what it does not show.
 */
export function entryPreviewImagesFor(db: Db) {
  return perVersion(
    async (
      snapshot: ContentSnapshot,
      { collection, slug, locale }: { collection: Collection; slug: string; locale: Locale },
    ): Promise<((origin: string) => PreviewImage) | undefined> => {
      const card = entryCard(snapshot, collection, slug, locale);
      if (!card) return undefined;
      const photo = await pictureSummaryByPath(db, card.cover ?? snapshot.content.home.photo);
      const version = previewVersion(snapshot.content, photo?.sha256, card.entry);
      return (origin) => ({
        url: `${origin}/og/${COLLECTION_PATHS[collection].slice(1)}/${slug}/${locale}.jpg?v=${version}`,
        width: PREVIEW_WIDTH,
        height: PREVIEW_HEIGHT,
        type: PREVIEW_TYPE,
      });
    },
    ({ collection, slug, locale }) => `${collection}/${slug}/${locale}`,
  );
}

/**
 * The preview picture of `content` in `locale`, drawn in the picture process from the stored photo
 * (or, for an entry's card, from its cover when it has one).
 */
async function previewPicture(
  db: Db,
  content: SiteContent,
  locale: Locale,
  card?: { entry: PreviewEntry; cover: string | undefined },
): Promise<Buffer> {
  const photo = await pictureByPath(db, card?.cover ?? content.home.photo);
  const jpeg = await askPictureProcess<Uint8Array>({
    kind: 'preview',
    content,
    locale,
    photo: photo && { source: photo.bytes, contentType: photo.contentType },
    entry: card?.entry,
  });
  return Buffer.from(jpeg.buffer, jpeg.byteOffset, jpeg.byteLength);
}

/** `/sitemap.xml`, `/robots.txt` and the per-language preview pictures (`/og/{locale}.jpg`). */
export const seoRoutes: FastifyPluginAsync<SeoOptions> = async (app, { content, db, origin }) => {
  // The sitemap lists the collections' entries: made once per snapshot and site address, on its first
  // request; robots.txt once per address. The preview pictures are made once per content version.
  const sitemapOf = perVersion(async (snapshot: ContentSnapshot, address: string) =>
    compressBody('application/xml; charset=utf-8', sitemapXml(address, entrySitemapPages(snapshot))),
  );
  const robotsOf = lastOf((address: string) => compressBody('text/plain; charset=utf-8', robotsTxt(address)));
  const previewOf = perVersion(async (snapshot: ContentSnapshot, locale: Locale) =>
    readyBody(PREVIEW_TYPE, await previewPicture(db, snapshot.content, locale)),
  );
  const hour = 'public, max-age=3600';

  // The notes' feeds per language (issue 27): all three made at once, once per snapshot, on the first
  // request of any; a language without notes has empty feeds (a reader subscribed keeps a valid one).
  const feedsOf = perVersion(
    async (snapshot: ContentSnapshot, { locale, address }: { locale: Locale; address: string }) => {
      const feeds = buildNoteFeeds({
        locale,
        origin: address,
        identity: snapshot.content.identity,
        notes: feedNotesOf(snapshot, locale),
      });
      const bodies = await Promise.all(
        FEED_FORMATS.map((format) => compressBody(NOTE_FEED_FORMATS[format].contentType, feeds[format])),
      );
      return Object.fromEntries(FEED_FORMATS.map((format, index) => [format, bodies[index]])) as Record<
        NoteFeedFormat,
        CompressedBody
      >;
    },
    ({ locale, address }) => `${locale}|${address}`,
  );
  app.get<{ Params: { file: string } }>(
    '/notes/feed/:file',
    { schema: { hide: true }, compress: false },
    async (request, reply) => {
      const [locale, extension] = request.params.file.split('.');
      const format = FEED_FORMATS.find((candidate) => NOTE_FEED_FORMATS[candidate].extension === extension);
      if (!isLocale(locale) || format === undefined || request.params.file !== `${locale}.${extension}`) {
        throw new AppError(404, 'not_found', 'There is no such feed');
      }
      const feeds = await feedsOf(content.current, { locale, address: origin() });
      // Readers poll: an hour's cache at most, and the ETag names the entries' state.
      return sendCompressed(request, reply, feeds[format], { cacheControl: 'public, max-age=600' });
    },
  );

  app.get('/sitemap.xml', { schema: { hide: true }, compress: false }, async (request, reply) =>
    sendCompressed(request, reply, await sitemapOf(content.current, origin()), { cacheControl: hour }),
  );
  app.get('/robots.txt', { schema: { hide: true }, compress: false }, async (request, reply) =>
    sendCompressed(request, reply, await robotsOf(origin()), { cacheControl: hour }),
  );
  const entryPreviewOf = perVersion(
    async (snapshot: ContentSnapshot, key: { collection: Collection; slug: string; locale: Locale }) => {
      const card = entryCard(snapshot, key.collection, key.slug, key.locale);
      return card && readyBody(PREVIEW_TYPE, await previewPicture(db, snapshot.content, key.locale, card));
    },
    ({ collection, slug, locale }) => `${collection}/${slug}/${locale}`,
  );
  for (const collection of COLLECTIONS) {
    app.get<{ Params: { slug: string; file: string } }>(
      `/og${COLLECTION_PATHS[collection]}/:slug/:file`,
      { schema: { hide: true }, compress: false },
      async (request, reply) => {
        const { slug, file } = request.params;
        const locale = file.endsWith('.jpg') ? file.slice(0, -'.jpg'.length) : '';
        const known =
          isLocale(locale) &&
          entrySlugSchema.safeParse(slug).success &&
          entryCard(content.current, collection, slug, locale) !== undefined;
        if (!known) throw new AppError(404, 'not_found', 'There is no such preview picture');
        const picture = await entryPreviewOf(content.current, { collection, slug, locale });
        if (!picture) throw new AppError(404, 'not_found', 'There is no such preview picture');
        return sendCompressed(request, reply, picture, { cacheControl: 'public, max-age=86400' });
      },
    );
  }
  app.get<{ Params: { locale: string } }>(
    `/og/:locale.jpg`,
    { schema: { hide: true }, compress: false },
    async (request, reply) => {
      const { locale } = request.params;
      if (!isLocale(locale)) throw new AppError(404, 'not_found', `There is a preview for ${LOCALES.join(', ')} only`);
      // The address carries the version, so the picture may be kept for a day.
      return sendCompressed(request, reply, await previewOf(content.current, locale), {
        cacheControl: 'public, max-age=86400',
      });
    },
  );
};

/** What `make` made for the last key asked, made again when the key changes (the site's address). */
function lastOf<Value>(make: (key: string) => Promise<Value>): (key: string) => Promise<Value> {
  let last: { key: string; value: Promise<Value> } | undefined;
  return (key) => {
    if (last?.key !== key) last = { key, value: make(key) };
    return last.value;
  };
}

/** The visible notes written in `locale`, as the feeds show them (the feeds keep the newest). */
function feedNotesOf(snapshot: ContentSnapshot, locale: Locale): FeedNote[] {
  return visibleIn(snapshot, 'notes').flatMap((note) => {
    const texts = note.content.text[locale];
    if (!texts) return [];
    const feedNote: FeedNote = {
      slug: note.slug,
      title: texts.title,
      summary: texts.summary,
      html: note.rendered[locale]?.html ?? '',
      date: note.visibleFrom,
      tags: [...note.content.tags],
    };
    if (note.content.cover !== undefined) {
      feedNote.cover = { url: `/media/${note.content.cover}`, alt: texts.cover_alt ?? texts.title };
    }
    return [feedNote];
  });
}
