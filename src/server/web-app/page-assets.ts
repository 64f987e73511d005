import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Locale } from '../../shared/locales.js';
import { LAZY_ROUTE_MODULES, TRANSLATION_MODULES } from '../../shared/page-rendering.js';
import type { PageName } from '../../shared/pages.js';

/** The part of Vite's build manifest (`dist/web/.vite/manifest.json`) read here. */
interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
  assets?: string[];
  isEntry?: boolean;
}

/** What a page's `<head>` carries beyond the built template, and the CSP sources its inline styles need. */
export interface HeadAssets {
  tags: string;
  /** `'sha256-…'` of each inline `<style>`, for the page's `style-src`. */
  styleHashes: string[];
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

function styleTag(css: string): { tag: string; hash: string } | undefined {
  // A stylesheet that could close the tag early is linked instead (built CSS never does).
  if (/<\/style/i.test(css)) return undefined;
  const hash = `'sha256-${createHash('sha256').update(css).digest('base64')}'`;
  return { tag: `<style>${css}</style>`, hash };
}

/**
 * The page is painted from its HTML; its scripts only take it over. Asked for at low priority, they
 * leave the connection to the picture and the fonts the first paint shows (and Lighthouse's model of
 * a slow phone stops counting them as blocking that paint).
 */
function lowPriorityScripts(template: string): string {
  return template
    .replaceAll('<script type="module" crossorigin ', '<script type="module" crossorigin fetchpriority="low" ')
    .replaceAll('<link rel="modulepreload" crossorigin ', '<link rel="modulepreload" crossorigin fetchpriority="low" ');
}

/**
 * A first visit should paint the finished page from the HTML alone, in one round trip:
 * - the entry's stylesheet (about 5 KB compressed) is put into every page as an inline `<style>`,
 *   allowed by its hash in the CSP, instead of a render-blocking `<link>`;
 * - a route whose code is loaded lazily (about, portfolio, contact) gets its chunks' styles the same
 *   way, or the server-rendered page would be drawn unstyled until they arrive (a large layout
 *   shift), and `modulepreload`s of those chunks, which hydration waits for, as it waits for the
 *   chunk with the texts of the page's language;
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
  const pageTemplate = lowPriorityScripts(
    inlineEntry ? linked.reduce((html, match) => html.split(match[0]).join(''), template) : template,
  );
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
    if (inlineEntry) {
      for (const style of entryStyles) {
        if (!style) continue;
        tags.push(style.tag);
        styleHashes.push(style.hash);
      }
    }
    // The texts of the page's language, which the app loads before it takes the page over.
    const texts = manifest?.[TRANSLATION_MODULES[locale]];
    if (texts) tags.push(`<link rel="modulepreload" crossorigin fetchpriority="low" href="/${texts.file}">`);
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
      tags.push(`<link rel="modulepreload" crossorigin fetchpriority="low" href="/${chunk.file}">`);
    }
    const assets = { tags: tags.join('\n    '), styleHashes };
    cache.set(key, assets);
    return assets;
  }

  return { template: pageTemplate, headAssets };
}
