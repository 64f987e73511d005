import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { contentSecurityPolicyWith } from '../security/security-headers.js';
import { APP_LOADER, loadPageAssets } from './page-assets.js';

const TEMPLATE = `<!doctype html>
<html lang="uz-Latn">
  <head>
    <title>Sahifa</title>
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/shared-abc.js">
    <link rel="stylesheet" crossorigin href="/assets/index-abc.css">
  </head>
  <body><div id="root"></div></body>
</html>`;

const ENTRY_CSS = 'body{color:red}';
const CONTACT_CSS = '._form_1{display:grid}';
const HEADER_CSS = '._header_1{margin:0}';

const MANIFEST = {
  'index.html': {
    file: 'assets/index-abc.js',
    isEntry: true,
    imports: ['_shared-abc.js'],
    css: ['assets/index-abc.css'],
    assets: [
      'assets/manrope-latin-wght-normal-L1.woff2',
      'assets/manrope-latin-ext-wght-normal-X1.woff2',
      'assets/manrope-cyrillic-wght-normal-C1.woff2',
      'assets/manrope-cyrillic-ext-wght-normal-C2.woff2',
    ],
  },
  'features/contact/contact-page.tsx': {
    file: 'assets/contact-page-abc.js',
    isDynamicEntry: true,
    imports: ['_shared-abc.js', 'index.html', '_page-header-abc.js'],
    css: ['assets/contact-page-abc.css'],
  },
  '_page-header-abc.js': {
    file: 'assets/page-header-abc.js',
    imports: ['_shared-abc.js'],
    css: ['assets/page-header-abc.css'],
  },
  '_shared-abc.js': { file: 'assets/shared-abc.js' },
  'i18n/locales/russian.json': { file: 'assets/russian-abc.js', isDynamicEntry: true },
};

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

describe('what a page carries in its head (page-assets)', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  function webRoot({ manifest = true, entryCss = ENTRY_CSS } = {}) {
    const dir = mkdtempSync(path.join(tmpdir(), 'sahifa-assets-'));
    dirs.push(dir);
    mkdirSync(path.join(dir, 'assets'));
    mkdirSync(path.join(dir, '.vite'));
    writeFileSync(path.join(dir, 'assets', 'index-abc.css'), entryCss);
    writeFileSync(path.join(dir, 'assets', 'contact-page-abc.css'), CONTACT_CSS);
    writeFileSync(path.join(dir, 'assets', 'page-header-abc.css'), HEADER_CSS);
    if (manifest) writeFileSync(path.join(dir, '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
    return dir;
  }

  /** The list of modules a page's loader asks for, as the page carries it. */
  function modulesOf(tags: string): { entry: string; preload: string[] } {
    const list = /<script id="app-modules" type="application\/json">([^<]*)<\/script>/.exec(tags)?.[1];
    if (!list) throw new Error(`no list of modules in ${tags}`);
    return JSON.parse(list) as { entry: string; preload: string[] };
  }

  it('puts the entry stylesheet inline, by its hash', () => {
    const { template, headAssets } = loadPageAssets(webRoot(), TEMPLATE);
    expect(template).not.toContain('rel="stylesheet"');
    const home = headAssets('index', 'lotin');
    expect(home.tags).toContain(`<style>${ENTRY_CSS}</style>`);
    expect(home.styleHashes).toEqual([sha256(ENTRY_CSS)]);
    // The CSP allows exactly that style; inline styles in general stay refused.
    const csp = contentSecurityPolicyWith(home.styleHashes, { scriptHashes: home.scriptHashes });
    expect(csp).toContain(`style-src 'self' ${sha256(ENTRY_CSS)};`);
    expect(csp).not.toContain('unsafe-inline');
  });

  it('takes the scripts out of the page: its loader, allowed by its hash, asks for them after the first paint', () => {
    const { template, headAssets } = loadPageAssets(webRoot(), TEMPLATE);
    expect(template).not.toMatch(/<script|modulepreload/);
    const home = headAssets('index', 'lotin');
    expect(modulesOf(home.tags)).toEqual({ entry: '/assets/index-abc.js', preload: ['/assets/shared-abc.js'] });
    // The list first, then the loader that reads it; the loader is the same text on every page.
    expect(home.tags.indexOf('id="app-modules"')).toBeLessThan(home.tags.indexOf(`<script>${APP_LOADER}</script>`));
    expect(headAssets('contact', 'russian').tags).toContain(`<script>${APP_LOADER}</script>`);
    expect(home.scriptHashes).toEqual([sha256(APP_LOADER)]);
    expect(contentSecurityPolicyWith(home.styleHashes, { scriptHashes: home.scriptHashes })).toContain(
      `script-src 'self' ${sha256(APP_LOADER)};`,
    );
  });

  it('gives a lazily loaded route its styles and preloads of its chunks, those it shares included', () => {
    const { headAssets } = loadPageAssets(webRoot(), TEMPLATE);
    const contact = headAssets('contact', 'lotin');
    expect(contact.tags).toContain(`<style>${CONTACT_CSS}</style>`);
    expect(contact.tags).toContain(`<style>${HEADER_CSS}</style>`);
    // What the entry already brings is neither preloaded again nor inlined twice.
    expect(modulesOf(contact.tags).preload).toEqual([
      '/assets/shared-abc.js',
      '/assets/contact-page-abc.js',
      '/assets/page-header-abc.js',
    ]);
    expect(contact.tags.split(ENTRY_CSS)).toHaveLength(2);
    expect(contact.styleHashes).toEqual([sha256(ENTRY_CSS), sha256(CONTACT_CSS), sha256(HEADER_CSS)]);
    expect(headAssets('about', 'lotin').tags).not.toContain('contact-page');
  });

  it("preloads the texts of the page's language", () => {
    const { headAssets } = loadPageAssets(webRoot(), TEMPLATE);
    expect(modulesOf(headAssets('index', 'russian').tags).preload).toContain('/assets/russian-abc.js');
    expect(headAssets('index', 'english').tags).not.toContain('russian-abc.js');
  });

  it("preloads the fonts of the page's language only", () => {
    const { headAssets } = loadPageAssets(webRoot(), TEMPLATE);
    const preloads = (locale: 'lotin' | 'russian' | 'english') =>
      [...headAssets('about', locale).tags.matchAll(/rel="preload" href="\/assets\/([^"]+)" as="font"/g)].map(
        (match) => match[1],
      );
    expect(preloads('lotin')).toEqual(['manrope-latin-wght-normal-L1.woff2']);
    expect(preloads('english')).toEqual(['manrope-latin-wght-normal-L1.woff2']);
    expect(preloads('russian')).toEqual([
      'manrope-cyrillic-wght-normal-C1.woff2',
      'manrope-latin-wght-normal-L1.woff2',
    ]);
  });

  it('links a stylesheet that could end the <style> element early instead of inlining it', () => {
    const { template, headAssets } = loadPageAssets(webRoot({ entryCss: 'a::after{content:"</style>"}' }), TEMPLATE);
    expect(template).toContain('<link rel="stylesheet" crossorigin href="/assets/index-abc.css">');
    expect(headAssets('index', 'lotin').styleHashes).toEqual([]);
  });

  it('keeps the template’s stylesheet link for a build without a manifest', () => {
    const { template, headAssets } = loadPageAssets(webRoot({ manifest: false }), TEMPLATE);
    expect(template).toContain('<link rel="stylesheet" crossorigin href="/assets/index-abc.css">');
    expect(template).toContain('<script type="module" crossorigin src="/assets/index-abc.js">');
    expect(headAssets('contact', 'lotin')).toEqual({ tags: '', styleHashes: [], scriptHashes: [] });
  });
});
