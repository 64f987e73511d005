import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import {
  DEFAULT_LOCALE,
  HTML_LANG,
  isLocale,
  LOCALE_COOKIE,
  LOCALE_QUERY_PARAMETER,
  type Locale,
} from '../../shared/locales.js';
import { type PictureInfos, pictureVersion } from '../../shared/media.js';
import { fullName } from '../../shared/owner-name.js';
import {
  HYDRATION_DATA_ELEMENT_ID,
  type PageRenderer,
  type RenderedPage,
  type ServerEntry,
} from '../../shared/page-rendering.js';
import {
  isIndexed,
  matchPage,
  NOT_FOUND_JOKE_COUNT,
  NOT_FOUND_PAGE,
  PAGES,
  type PageDefinition,
  type PageName,
  pageAtPath,
} from '../../shared/pages.js';
import { APP_PATHS, OWNER_PATHS, SHARED_STATS_PATH } from '../../shared/paths.js';
import { entryPath, entrySlugSchema } from '../../shared/schemas/collections.js';
import type { SiteContent } from '../../shared/schemas/content.js';
import { SHARE_TOKEN_PATTERN } from '../../shared/schemas/stats-shares.js';
import { siteDataScript } from '../../shared/site-data.js';
import { NOT_COUNTED_COOKIE } from '../../shared/statistics.js';
import { isTheme, THEME_COOKIE, type Theme } from '../../shared/theme.js';
import { SESSION_COOKIE } from '../auth/session-cookie.js';
import { entryPagesOf, notesLocales } from '../collections/entry-pages.js';
import { servedContentOf } from '../collections/portfolio.js';
import {
  type ContentSnapshot,
  type ContentState,
  type PublishedEntries,
  snapshotOf,
  withVersionedEtags,
} from '../content/content-state.js';
import {
  type DraftPreview,
  markPreview,
  PREVIEW_STYLE_ELEMENT,
  PREVIEW_STYLE_HASH,
} from '../content/preview-content.js';
import type { Db } from '../db/database.js';
import { errorBody } from '../errors.js';
import { perVersion } from '../lib/per-version.js';
import { type CompressedBody, compressBody, sendCompressed } from '../lib/precompressed.js';
import { servedPicturesOf } from '../pictures/content-pictures.js';
import { mediaRoutes } from '../pictures/media.js';
import { slugRedirect } from '../repositories/entry-repository.js';
import { picturesByPath } from '../repositories/picture-repository.js';
import { liveStatsShare } from '../repositories/stats-share-repository.js';
import { contentSecurityPolicyWith } from '../security/security-headers.js';
import { entryHead, noteFeedLinks, noteListHead } from '../seo/entry-head.js';
import { NOTES_WORD } from '../seo/feeds.js';
import { pageHead } from '../seo/page-head.js';
import { entryPreviewImagesFor, previewImagesFor, seoRoutes } from '../seo/seo-routes.js';
import { imagePreloadTag } from './image-preload.js';
import { loadPageAssets } from './page-assets.js';
import { parsePageTemplate } from './page-template.js';
import { staticFiles } from './static-files.js';

export interface WebAppOptions {
  webRoot: string;
  contentDir: string;
  cacheDir: string;
  /** Where the content's pictures are kept (`/media/*`). */
  db: Db;
  /** The content served now; each request renders from one snapshot of it. */
  content: ContentState;
  serveSourceMaps?: boolean;
  /**
   * The origin absolute addresses are built on now (canonical, hreflang, sitemap, preview pictures):
   * PUBLIC_URL, the owner's setting, or a fixed local one (`site-address.ts`). Never the request's Host
   * header, which the client chooses: pages are kept and served to every later visitor. Pages are kept
   * per origin too, and their ETag hashes their bytes, so a new address is served at once.
   */
  siteOrigin: () => string;
  /**
   * Renders pages on the server, whatever the version (a PageRenderer), or makes a renderer per version
   * (a ServerEntry: the web app's source, in tests). By default the web app's server bundle
   * (`dist/ssr/entry-server.js`, beside the web root) is loaded and makes a renderer for each version;
   * without it pages are sent without markup and drawn in the browser.
   */
  renderer?: PageRenderer | ServerEntry | undefined;
  /**
   * How long a shared cache may keep a page asked for without the site's cookies (`s-maxage`,
   * PAGE_CACHE_SECONDS); 0 keeps every page `no-cache` (decision 040).
   */
  pageCacheSeconds?: number;
}

/**
 * The cookies a page depends on, or that mark a person the site knows: the saved language and theme,
 * the owner's session, and the owner's "do not count this browser". A request carrying none of them
 * gets the page everyone gets for its address.
 */
const PERSONAL_COOKIES = [LOCALE_COOKIE, THEME_COOKIE, SESSION_COOKIE, NOT_COUNTED_COOKIE];

/**
 * How a page may be kept (decision 040). A first visit (none of the site's cookies) gets the page of
 * its address alone and sets no cookie, so a CDN or nginx may keep it for `s-maxage` seconds and serve
 * it stale while it asks again; the browser itself always asks again (`max-age=0`), usually for a
 * 304. Anything personal — the site's cookies, the owner area, the 404 page with its random joke — is
 * `private`: no shared cache keeps it.
 */
function pageCacheControl(request: FastifyRequest, shared: boolean, pageCacheSeconds: number): string {
  const personal = PERSONAL_COOKIES.some((name) => request.cookies[name] !== undefined);
  if (!shared || personal || pageCacheSeconds === 0) return 'private, no-cache';
  return `public, max-age=0, s-maxage=${pageCacheSeconds}, stale-while-revalidate=86400`;
}

const HTML_TYPE = 'text/html; charset=utf-8';

/** A script element (the app's modules, the JSON-LD) or a module preload, in the template or the head. */
const SCRIPT_TAGS = /<script\b[^>]*>[\s\S]*?<\/script>\s*|<link rel="modulepreload"[^>]*>\s*/g;
/** Where the page's own markup goes once the scripts are out of the rest (a page without scripts). */
const ROOT_MARK = '<!--sahifa-page-root-->';

/** Which page the owner previews, in which language and theme. */
interface PreviewPage {
  path: string;
  locale: Locale;
  theme: Theme | undefined;
}

/** A page of the owner's draft preview: what to show and the headers that go with it. */
interface PagePreview {
  status: 200 | 404;
  html: string;
  /** The page's policy, with `frame-ancestors 'self'`: only the owner's area may frame it. */
  contentSecurityPolicy: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Renders a page as visitors get it (same renderer, template, head and styles) from content that
     * is not published (the owner's draft, made renderable by `previewContent`, its markers written
     * out), marked `noindex`; undefined when the web app is not built. Nothing is kept for visitors:
     * the draft's renderer lives as long as the caller keeps `preview.content`.
     */
    renderPagePreview: (preview: DraftPreview, page: PreviewPage) => Promise<PagePreview | undefined>;
  }
}

/** The web app's server bundle, when it was built. */
async function loadServerEntry(webRoot: string, log: FastifyBaseLogger): Promise<ServerEntry | undefined> {
  const entry = path.join(path.dirname(webRoot), 'ssr', 'entry-server.js');
  if (!existsSync(entry)) {
    log.warn({ entry }, 'no server bundle: pages are drawn in the browser only (run `npm run build`)');
    return undefined;
  }
  return (await import(pathToFileURL(entry).href)) as ServerEntry;
}

/** The language a page is rendered in: `?lang=`, else the visitor's saved one (cookie), else lotin. */
function requestLocale(request: FastifyRequest): Locale {
  const query = (request.query as Record<string, unknown> | undefined)?.[LOCALE_QUERY_PARAMETER];
  if (isLocale(query)) return query;
  const saved = request.cookies[LOCALE_COOKIE];
  return isLocale(saved) ? saved : DEFAULT_LOCALE;
}

/** The visitor's chosen theme (the `theme` cookie); anything but a known theme is no choice. */
function requestTheme(request: FastifyRequest): Theme | undefined {
  const saved = request.cookies[THEME_COOKIE];
  return isTheme(saved) ? saved : undefined;
}

/**
 * Serves the web app: the built files from memory (static-files.ts), every app path answered with
 * its page, and the 404 page for unknown paths so crawlers see an honest status. A page is rendered
 * for the visitor's language (`?lang=`, or the `locale` cookie) and theme (the `theme` cookie), with
 * the head search engines and shared links read (seo/), once per variant on its first request, and
 * then answered from memory, compressed, with a strong ETag that names the content version. A newly
 * published version drops every rendered page (they were made per snapshot).
 */
export const webApp = fp<WebAppOptions>(async (app: FastifyInstance, options) => {
  const contentState = options.content;
  const indexFile = path.join(options.webRoot, 'index.html');
  const assets = existsSync(indexFile) ? loadPageAssets(options.webRoot, readFileSync(indexFile, 'utf8')) : undefined;
  const template = assets ? parsePageTemplate(assets.template) : undefined;
  if (!template) app.log.warn({ indexFile }, 'the web app is not built: run `npm run build`');
  const fixedRenderer = options.renderer && !('createPageRenderer' in options.renderer) ? options.renderer : undefined;
  const serverEntry =
    fixedRenderer || !template
      ? undefined
      : options.renderer && 'createPageRenderer' in options.renderer
        ? options.renderer
        : await loadServerEntry(options.webRoot, app.log);
  // What each version's pages are made from, made once per version.
  // The size and version of each picture a version names, so its pages reserve each picture's own
  // box and address it by version (the addresses may then be kept for good: media.ts).
  const pictureInfosOf = perVersion(
    async (snapshot: ContentSnapshot): Promise<PictureInfos> =>
      Object.fromEntries(
        (await picturesByPath(options.db, servedPicturesOf(snapshot))).map((picture) => [
          picture.path,
          { width: picture.width, height: picture.height, version: pictureVersion(picture.sha256) },
        ]),
      ),
  );
  // The collections' pages of a snapshot: what is visible at its moment (issue 27).
  const entryPagesFor = perVersion((snapshot: ContentSnapshot) => entryPagesOf(snapshot));
  const notesLocalesOf = perVersion((snapshot: ContentSnapshot) => notesLocales(snapshot));
  const rendererOf = perVersion(
    async (snapshot: ContentSnapshot): Promise<PageRenderer | undefined> =>
      fixedRenderer ??
      serverEntry?.createPageRenderer(
        servedContentOf(snapshot),
        await pictureInfosOf(snapshot),
        entryPagesFor(snapshot),
      ),
  );
  const previewImageOf = previewImagesFor(options.db);
  const entryPreviewImageOf = entryPreviewImagesFor(options.db);
  const siteDataOf = perVersion(async (snapshot: ContentSnapshot) =>
    siteDataScript({
      identity: snapshot.content.identity,
      pictures: await pictureInfosOf(snapshot),
      notesLocales: notesLocalesOf(snapshot),
    }),
  );

  /** The head that describes a page: an entry's own, the notes list's, or the fixed page's. */
  async function headOf(
    snapshot: ContentSnapshot,
    variant: Variant,
    page: PageName,
    renderer: PageRenderer | undefined,
  ) {
    const { content } = snapshot;
    const image = (await previewImageOf(snapshot))(variant.origin, variant.locale);
    const pages = entryPagesFor(snapshot);
    const match = matchPage(variant.path);
    const feeds = notesLocalesOf(snapshot).includes(variant.locale)
      ? noteFeedLinks(
          variant.origin,
          variant.locale,
          `${fullName(snapshot.content.identity, variant.locale)} — ${NOTES_WORD[variant.locale]}`,
        )
      : [];
    if ((page === 'note' || page === 'project') && match?.slug !== undefined) {
      const view = page === 'note' ? pages.note(variant.locale, match.slug) : pages.project(variant.locale, match.slug);
      if (view) {
        const infos = await pictureInfosOf(snapshot);
        const cover =
          view.cover && infos[view.cover]
            ? `${variant.origin}/media/${view.cover}?v=${infos[view.cover]?.version}`
            : undefined;
        const card = await entryPreviewImageOf(snapshot, {
          collection: page === 'note' ? 'notes' : 'projects',
          slug: match.slug,
          locale: variant.locale,
        });
        return [
          entryHead({
            origin: variant.origin,
            path: variant.path,
            locale: variant.locale,
            content,
            view,
            kind: page,
            image: card ? card(variant.origin) : image,
            cover,
          }),
          ...feeds,
        ].join('\n    ');
      }
    }
    if (page === 'notes') {
      const list = pages.noteList(variant.locale, searchOf(variant.search));
      return [
        noteListHead({
          origin: variant.origin,
          locale: variant.locale,
          content,
          pageTitle: renderer?.titles[variant.locale].notes,
          locales: notesLocalesOf(snapshot),
          filtered: variant.search !== '',
          titles: list?.notes.map((note) => note.title) ?? [],
          image,
        }),
        ...feeds,
      ].join('\n    ');
    }
    return [
      pageHead({ origin: variant.origin, page, locale: variant.locale, content, titles: renderer?.titles, image }),
      ...feeds,
    ].join('\n    ');
  }

  interface Variant {
    path: string;
    status: 200 | 404;
    locale: Locale;
    theme: Theme | undefined;
    origin: string;
    jokeIndex: number;
    /** `/notes`' query, checked and written the one way (`tag=…&page=2`); empty elsewhere. */
    search: string;
    /** The owner's area renders in the browser only, from its lazily loaded code (decision 006). */
    clientOnly?: boolean;
  }

  /** A page, compressed, with the Content-Security-Policy that allows its inline styles. */
  interface Page {
    body: CompressedBody;
    contentSecurityPolicy: string;
  }

  /** A page's HTML and the hashes of its inline styles; `head` adds tags to its head (the preview's). */
  async function renderDocument(
    snapshot: ContentSnapshot,
    variant: Variant,
    extraHead: readonly string[] = [],
    { scripts = true }: { scripts?: boolean } = {},
  ): Promise<{ html: string; styleHashes: string[]; scriptHashes: string[]; status: 200 | 404 }> {
    if (!template || !assets) throw new Error('not built');
    const renderer = await rendererOf(snapshot);
    const rendered: RenderedPage | undefined =
      renderer && !variant.clientOnly
        ? await renderer.render({
            path: variant.path,
            locale: variant.locale,
            theme: variant.theme,
            jokeIndex: variant.jokeIndex,
            search: variant.search,
          })
        : undefined;
    const pageName: PageName = variant.clientOnly
      ? NOT_FOUND_PAGE
      : (rendered?.page ?? pageAtPath(variant.path) ?? NOT_FOUND_PAGE);
    const { tags, styleHashes, scriptHashes } = assets.headAssets(pageName, variant.locale);
    // The page's largest picture first: asked for before the fonts and scripts below it.
    const picture = rendered?.html ? imagePreloadTag(rendered.html) : undefined;
    const head = [
      ...(picture ? [picture] : []),
      tags,
      await headOf(snapshot, variant, pageName, renderer),
      ...(scripts ? [await siteDataOf(snapshot)] : []),
      ...extraHead,
    ];
    if (rendered?.html && scripts) {
      head.push(`<script id="${HYDRATION_DATA_ELEMENT_ID}" type="application/json">${rendered.hydrationData}</script>`);
    }
    const attributes = [`lang="${HTML_LANG[variant.locale]}"`];
    if (variant.theme) attributes.push(`data-theme="${variant.theme}"`);
    const document = {
      htmlAttributes: attributes.join(' '),
      head: head.join('\n    '),
      root: rendered?.html ?? '',
    };
    // Without scripts, they go from the template (the build's) and the head (ours: every owner text
    // in it is escaped, and JSON-LD escapes `<`), never from the page's markup, which is put in after
    // and has none (renderToString writes none; the owner's HTML is sanitized).
    const html = scripts
      ? template(document)
      : template({ ...document, root: ROOT_MARK })
          .replace(SCRIPT_TAGS, '')
          .replace(ROOT_MARK, () => document.root);
    return { html, styleHashes, scriptHashes, status: pageName === NOT_FOUND_PAGE ? 404 : 200 };
  }

  async function buildPage(snapshot: ContentSnapshot, variant: Variant): Promise<Page> {
    const { html, styleHashes, scriptHashes } = await renderDocument(snapshot, variant);
    return {
      body: withVersionedEtags(await compressBody(HTML_TYPE, html), snapshot.tag),
      // The owner's area shows the draft preview in a frame (the preview says who may frame it).
      contentSecurityPolicy: contentSecurityPolicyWith(styleHashes, {
        scriptHashes,
        framesSelf: variant.clientOnly === true,
      }),
    };
  }

  // The owner's draft preview: content that is not published gets a snapshot of its own (made once
  // per content object and set of published entries, HTML made safe as for a version), so its
  // renderer and preview picture are made for it and dropped with it; the visitors' pages, kept per
  // published snapshot, never see it. The notes and projects are the published ones, so the preview
  // shows the site as publishing the draft would: the studio's projects among the portfolio's cards,
  // "Notes" in the header.
  const previewSnapshotOf = perVersion((content: SiteContent, entries: PublishedEntries) =>
    snapshotOf(content, 0, entries),
  );
  app.decorate('renderPagePreview', async (preview: DraftPreview, page: PreviewPage) => {
    if (!template) return undefined;
    const name = pageAtPath(page.path);
    const known = name !== undefined;
    const { html, styleHashes, status } = await renderDocument(
      previewSnapshotOf(preview.content, contentState.current.entries),
      {
        path: known ? page.path : '/404',
        status: known ? 200 : 404,
        locale: page.locale,
        theme: page.theme,
        origin: options.siteOrigin(),
        jokeIndex: 0,
        search: '',
      },
      // A page that is not indexed says so already (pageHead); the others say it here. The markers'
      // look comes with every preview, so a marker never waits on a policy of its own.
      [...(known && isIndexed(name) ? ['<meta name="robots" content="noindex" />'] : []), PREVIEW_STYLE_ELEMENT],
      { scripts: false },
    );
    return {
      status,
      // The page as it first paints, from its HTML and styles alone (decision 018), without a single
      // script element: in the frame the app's would take the preview's address for an unknown page
      // (the 404 page), save its ?lang= as the owner's language, and count a visit; the data blocks
      // are of no use without the app, and the frame's sandbox would report each script it blocks.
      html: markPreview(html, preview, page.locale),
      contentSecurityPolicy: contentSecurityPolicyWith([...styleHashes, PREVIEW_STYLE_HASH], {
        framedBySelf: true,
        noScripts: true,
      }),
    };
  });

  // Every variant is built once per version and kept, compressed: at most routes × languages ×
  // themes, plus the 404 page once per joke. A kept page is answered without waiting on a promise.
  const pageOf = perVersion(
    buildPage,
    (variant: Variant) =>
      `${variant.path}|${variant.search}|${variant.locale}|${variant.theme}|${variant.origin}|${variant.jokeIndex}|${variant.clientOnly}`,
  );

  function sendPage(
    request: FastifyRequest,
    reply: FastifyReply,
    appPath: string | undefined,
    clientOnly = false,
    search = '',
    /** A page drawn in the browser whose address names nothing (a shared link that no longer works). */
    gone = false,
  ) {
    if (!template) return reply.code(503).send(errorBody('service_unavailable', 'The web app is not built yet'));
    const notFound = appPath === undefined;
    const page = pageOf(contentState.current, {
      clientOnly,
      // Every unknown path gets the same 404 page.
      path: appPath ?? '/404',
      status: notFound ? 404 : 200,
      locale: requestLocale(request),
      theme: requestTheme(request),
      origin: options.siteOrigin(),
      // Spec §2: the 404 page shows one of its jokes at random.
      jokeIndex: notFound ? Math.floor(Math.random() * NOT_FOUND_JOKE_COUNT) : 0,
      search,
    });
    const send = ({ body, contentSecurityPolicy }: Page) =>
      sendCompressed(request, reply.header('content-security-policy', contentSecurityPolicy), body, {
        // A shared link's page is kept nowhere: its address is its key (decision 043).
        cacheControl:
          appPath === SHARED_STATS_PATH
            ? 'private, no-store'
            : pageCacheControl(request, !clientOnly && !notFound, options.pageCacheSeconds ?? 0),
        vary: 'Cookie',
        statusCode: notFound || gone ? 404 : 200,
      });
    return page instanceof Promise ? page.then(send) : send(page);
  }

  if (existsSync(options.webRoot)) {
    await app.register(staticFiles, { root: options.webRoot, serveSourceMaps: options.serveSourceMaps ?? false });
  }
  await app.register(mediaRoutes, { db: options.db, cacheDir: options.cacheDir });
  await app.register(seoRoutes, { content: contentState, db: options.db, origin: options.siteOrigin });

  for (const [name, appPath] of Object.entries(APP_PATHS)) {
    if ((PAGES[name as PageName] as PageDefinition).collection) continue;
    app.get(appPath, { schema: { hide: true }, compress: false }, (request, reply) =>
      sendPage(request, reply, appPath),
    );
  }

  // The collections' pages exist for what is visible in the visitor's language: anything else is the
  // one 404 page (never a page kept per made-up address), and an entry's old address moves for good.
  app.get(APP_PATHS.notes, { schema: { hide: true }, compress: false }, (request, reply) => {
    const query = request.query as Record<string, unknown>;
    const search = notesSearch(query);
    const list =
      search !== undefined && entryPagesFor(contentState.current).noteList(requestLocale(request), searchOf(search));
    return list ? sendPage(request, reply, APP_PATHS.notes, false, search) : sendPage(request, reply, undefined);
  });
  for (const name of ['note', 'project'] as const) {
    const collection = PAGES[name].collection;
    app.get<{ Params: { slug: string } }>(
      PAGES[name].path,
      { schema: { hide: true }, compress: false },
      async (request, reply) => {
        const { slug } = request.params;
        if (!entrySlugSchema.safeParse(slug).success) return sendPage(request, reply, undefined);
        const pages = entryPagesFor(contentState.current);
        const locale = requestLocale(request);
        const view = name === 'note' ? pages.note(locale, slug) : pages.project(locale, slug);
        if (view) return sendPage(request, reply, entryPath(collection, slug));
        const moved = await slugRedirect(options.db, collection, slug);
        if (moved === undefined) return sendPage(request, reply, undefined);
        const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
        return reply.redirect(`${entryPath(collection, moved)}${query}`, 301);
      },
    );
  }

  // The owner's area is the same app, drawn in the browser; search engines are asked to leave it out.
  for (const ownerPath of [OWNER_PATHS.inbox, `${OWNER_PATHS.inbox}/*`]) {
    app.get(ownerPath, { schema: { hide: true }, compress: false }, (request, reply) =>
      sendPage(request, reply.header('x-robots-tag', 'noindex, nofollow'), OWNER_PATHS.inbox, true),
    );
  }

  // A shared statistics link (decision 043): drawn in the browser from the dashboard's lazily loaded
  // code, never indexed nor kept; a link that does not work (unknown, revoked, expired) answers 404.
  app.get<{ Params: { token: string } }>(
    `${SHARED_STATS_PATH}/:token`,
    { schema: { hide: true }, compress: false },
    async (request, reply) => {
      const { token } = request.params;
      const live = SHARE_TOKEN_PATTERN.test(token) && (await liveStatsShare(options.db, token)) !== undefined;
      reply.header('x-robots-tag', 'noindex, nofollow').header('referrer-policy', 'no-referrer');
      return sendPage(request, reply, SHARED_STATS_PATH, true, '', !live);
    },
  );

  app.setNotFoundHandler((request, reply) => {
    const isPage = (request.method === 'GET' || request.method === 'HEAD') && !request.url.startsWith('/api/');
    if (isPage && !request.url.startsWith('/assets/')) return sendPage(request, reply, undefined);
    return reply.code(404).send(errorBody('not_found', `No route ${request.method} ${request.url.split('?')[0]}`));
  });
});

/** `/notes`' query as its variant: a known tag and a page number, written one way; undefined for a malformed one. */
function notesSearch(query: Record<string, unknown>): string | undefined {
  const parts: string[] = [];
  const { tag, page } = query;
  if (tag !== undefined) {
    if (typeof tag !== 'string' || tag === '' || tag.length > 100) return undefined;
    parts.push(`tag=${encodeURIComponent(tag)}`);
  }
  if (page !== undefined) {
    if (typeof page !== 'string' || !/^[1-9]\d{0,4}$/.test(page)) return undefined;
    if (page !== '1') parts.push(`page=${page}`);
  }
  return parts.join('&');
}

/** The list's query from its variant. */
function searchOf(search: string): { tag?: string; page?: number } {
  const parameters = new URLSearchParams(search);
  const tag = parameters.get('tag');
  const page = parameters.get('page');
  return { ...(tag === null ? {} : { tag }), ...(page === null ? {} : { page: Number(page) }) };
}
