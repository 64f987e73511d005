import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Locale } from '../../shared/locales.js';
import { LARGEST_PICTURE_TIMING, LAZY_ROUTE_MODULES, TRANSLATION_MODULES } from '../../shared/page-rendering.js';
import type { PageName } from '../../shared/pages.js';

/** The part of Vite's build manifest (`dist/web/.vite/manifest.json`) read here. */
interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
  assets?: string[];
  isEntry?: boolean;
}

/** What a page's `<head>` carries beyond the built template, and the CSP sources its inline elements need. */
export interface HeadAssets {
  tags: string;
  /** `'sha256-…'` of each inline `<style>`, for the page's `style-src`. */
  styleHashes: string[];
  /** `'sha256-…'` of each inline `<script>` that runs (the app's loader), for the page's `script-src`. */
  scriptHashes: string[];
}

/**
 * The font files each language's text is drawn with (Fontsource's subsets): Uzbek Latin and English
 * need the Latin subset, Russian the Cyrillic one and the Latin one for digits, e-mail addresses and
 * names written in Latin letters.
 */
const FONT_SUBSETS: Record<Locale, string[]> = {
  lotin: ['latin'],
  english: ['latin'],
  russian: ['cyrillic', 'latin'],
};

const STYLESHEET_LINK = /<link rel="stylesheet"[^>]*href="\/([^"]+\.css)"[^>]*>\s*/g;

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

function styleTag(css: string): { tag: string; hash: string } | undefined {
  // A stylesheet that could close the tag early is linked instead (built CSS never does).
  if (/<\/style/i.test(css)) return undefined;
  return { tag: `<style>${css}</style>`, hash: sha256(css) };
}

/** The id of the JSON list of the app's modules that APP_LOADER reads. */
const APP_MODULES_ID = 'app-modules';

/** How long the app's scripts wait at most for the page to be painted before they are asked for. */
const PAINT_WAIT_MS = 2000;

/**
 * The page is painted from its HTML; its scripts only take it over. They are asked for once the page
 * is on screen, never before: on a slow phone the first paint then waits for nothing but the HTML,
 * its largest picture and its fonts, and Lighthouse's model of such a phone no longer counts the
 * scripts' download and evaluation before the largest paint (decision 045).
 * - "On screen" is what the browser reports (Paint Timing's first contentful paint; Element Timing
 *   for the largest picture, marked by ContentPicture), else two frames after the picture has loaded;
 *   at most PAINT_WAIT_MS in any case.
 * - A page opened out of sight (a background tab, a prerender) asks at once, as does one hidden
 *   before it is painted, and one the server rendered empty (the owner's area, drawn by the app):
 *   nothing is painted there to wait for.
 * - The app's entry goes in once the document is parsed, as a parser-inserted module script runs.
 * It is the same text on every page, allowed by its hash in the CSP, and written for any browser
 * that runs the app.
 */
export const APP_LOADER = `(function () {
  var d = document, P = window.PerformanceObserver, done = false;
  var reports = (P && P.supportedEntryTypes) || [];
  function load() {
    if (done) return;
    done = true;
    var list = JSON.parse(d.getElementById('${APP_MODULES_ID}').textContent);
    list.preload.forEach(function (href) {
      var link = d.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      d.head.appendChild(link);
    });
    var entry = d.createElement('script');
    entry.type = 'module';
    entry.crossOrigin = '';
    entry.src = list.entry;
    if (d.readyState === 'loading') d.addEventListener('DOMContentLoaded', function () { d.head.appendChild(entry); });
    else d.head.appendChild(entry);
  }
  function frames() {
    requestAnimationFrame(function () { requestAnimationFrame(function () { setTimeout(load, 0); }); });
  }
  function reported(type, name) {
    var observer = new P(function (entries) {
      if (name && !entries.getEntriesByName(name).length) return;
      observer.disconnect();
      setTimeout(load, 0);
    });
    observer.observe({ type: type, buffered: true });
  }
  function parsed() {
    // A page drawn by the app alone (the owner's area) has nothing on screen to wait for.
    var root = d.getElementById('root');
    if (!root || !root.firstChild) return load();
    var picture = d.querySelector('img[elementtiming="${LARGEST_PICTURE_TIMING}"]');
    if (picture && reports.indexOf('element') >= 0) reported('element');
    else if (picture) {
      if (picture.complete) frames();
      else { picture.addEventListener('load', frames); picture.addEventListener('error', frames); }
    } else if (reports.indexOf('paint') >= 0) reported('paint', 'first-contentful-paint');
    else frames();
  }
  d.addEventListener('visibilitychange', load);
  if (d.visibilityState !== 'visible') return load();
  setTimeout(load, ${PAINT_WAIT_MS});
  if (d.readyState === 'loading') d.addEventListener('DOMContentLoaded', parsed);
  else parsed();
})();`;

const APP_LOADER_HASH = sha256(APP_LOADER);

const ENTRY_SCRIPT = /<script type="module" crossorigin src="(\/[^"]+)"><\/script>\s*/;
const MODULE_PRELOAD = /<link rel="modulepreload" crossorigin href="(\/[^"]+)">\s*/g;

/** The built template's entry script and module preloads, taken out of it for APP_LOADER to ask for. */
function takeOutScripts(template: string): { template: string; entry: string; preload: string[] } | undefined {
  const entry = ENTRY_SCRIPT.exec(template);
  if (!entry?.[1]) return undefined;
  const preloads = [...template.matchAll(MODULE_PRELOAD)];
  return {
    template: preloads.reduce((html, match) => html.split(match[0]).join(''), template.split(entry[0]).join('')),
    entry: entry[1],
    preload: preloads.map((match) => match[1] ?? ''),
  };
}

/**
 * A first visit should paint the finished page from the HTML alone, in one round trip:
 * - the entry's stylesheet (about 5 KB compressed) is put into every page as an inline `<style>`,
 *   allowed by its hash in the CSP, instead of a render-blocking `<link>`;
 * - a route whose code is loaded lazily (about, portfolio, contact) gets its chunks' styles the same
 *   way, or the server-rendered page would be drawn unstyled until they arrive (a large layout
 *   shift); its chunks, which hydration waits for, as it waits for the chunk with the texts of the
 *   page's language, are in the list of modules that APP_LOADER asks for after the first paint;
 * - the page language's font files are preloaded, so the text is rarely drawn first in a fallback
 *   font and then moved when Manrope arrives.
 * Without a manifest (a build older than this) the template's own `<link>` is kept.
 */
export function loadPageAssets(webRoot: string, template: string) {
  const manifestFile = path.join(webRoot, '.vite', 'manifest.json');
  const manifest = existsSync(manifestFile)
    ? (JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>)
    : undefined;
  const read = (relative: string) => readFileSync(path.join(webRoot, relative), 'utf8');

  // The entry's stylesheets, inlined when every one can be.
  const linked = [...template.matchAll(STYLESHEET_LINK)];
  const entryStyles = manifest ? linked.map((match) => styleTag(read(match[1] ?? ''))) : [];
  const inlineEntry = manifest !== undefined && entryStyles.every((style) => style !== undefined);
  const withStyles = inlineEntry ? linked.reduce((html, match) => html.split(match[0]).join(''), template) : template;
  // Built, the scripts are asked for by APP_LOADER after the first paint; without a manifest (a
  // build older than this) the template keeps its own tags.
  const scripts = manifest ? takeOutScripts(withStyles) : undefined;
  const pageTemplate = scripts?.template ?? withStyles;
  const entryKey = Object.keys(manifest ?? {}).find((key) => manifest?.[key]?.isEntry);
  const entry = entryKey ? manifest?.[entryKey] : undefined;
  const fonts = (locale: Locale) =>
    FONT_SUBSETS[locale].flatMap((subset) =>
      (entry?.assets ?? []).filter((asset) =>
        new RegExp(`/manrope-${subset}-wght-normal-[\\w-]+\\.woff2$`).test(`/${asset}`),
      ),
    );

  const entryImports = new Set(entry?.imports ?? []);
  /** A lazy module's chunk, then the chunks it imports that the entry does not bring, depth first. */
  function routeChunks(key: string, seen = new Set<string>()): ManifestChunk[] {
    const chunk = manifest?.[key];
    if (!chunk || seen.has(key) || key === entryKey || entryImports.has(key)) return [];
    seen.add(key);
    return [chunk, ...(chunk.imports ?? []).flatMap((imported) => routeChunks(imported, seen))];
  }

  const cache = new Map<string, HeadAssets>();
  function headAssets(route: PageName, locale: Locale): HeadAssets {
    const key = `${route}|${locale}`;
    const known = cache.get(key);
    if (known) return known;
    const tags: string[] = fonts(locale).map(
      (font) => `<link rel="preload" href="/${font}" as="font" type="font/woff2" crossorigin>`,
    );
    const styleHashes: string[] = [];
    const modules = [...(scripts?.preload ?? [])];
    if (inlineEntry) {
      for (const style of entryStyles) {
        if (!style) continue;
        tags.push(style.tag);
        styleHashes.push(style.hash);
      }
    }
    // The texts of the page's language, which the app loads before it takes the page over.
    const texts = manifest?.[TRANSLATION_MODULES[locale]];
    if (texts) modules.push(`/${texts.file}`);
    // The route's own chunk and the chunks it shares with other lazy routes (not the entry's, which
    // the template already has): their styles inline, their scripts preloaded.
    const lazyModule = LAZY_ROUTE_MODULES[route];
    for (const chunk of lazyModule ? routeChunks(lazyModule) : []) {
      for (const css of chunk.css ?? []) {
        const style = styleTag(read(css));
        if (style) {
          tags.push(style.tag);
          styleHashes.push(style.hash);
        } else tags.push(`<link rel="stylesheet" href="/${css}">`);
      }
      modules.push(`/${chunk.file}`);
    }
    const scriptHashes: string[] = [];
    if (scripts) {
      // Built file names only; `<` escaped all the same, so the list can never end its element.
      const list = JSON.stringify({ entry: scripts.entry, preload: modules }).replaceAll('<', '\\u003c');
      tags.push(
        `<script id="${APP_MODULES_ID}" type="application/json">${list}</script>`,
        `<script>${APP_LOADER}</script>`,
      );
      scriptHashes.push(APP_LOADER_HASH);
    } else {
      for (const module of modules) tags.push(`<link rel="modulepreload" crossorigin href="${module}">`);
    }
    const assets = { tags: tags.join('\n    '), styleHashes, scriptHashes };
    cache.set(key, assets);
    return assets;
  }

  return { template: pageTemplate, headAssets };
}
