import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCALES, type Locale } from '../../../shared/locales.js';
import { NOT_COUNTED_COOKIE } from '../../../shared/statistics.js';
import { hashPassword } from '../../auth/password.js';
import { loadContent } from '../../content/load-content.js';
import { cvDownloadsBetween } from '../../repositories/cv-download-repository.js';
import { setPasswordHash } from '../../repositories/owner-repository.js';
import { createTestApp, type TestApp, testDialect } from '../../test/helper.js';
import { BROWSER_USER_AGENT, CRAWLER_USER_AGENTS } from '../../test/user-agents.js';

const require = createRequire(import.meta.url);
const { validate } = require('@jsonresume/schema') as {
  validate: (resume: unknown, callback: (errors: unknown, valid: boolean) => void) => void;
};

const ORIGIN = 'https://dilnoza.example.com';
const browser = { 'user-agent': BROWSER_USER_AGENT };
/** The demo content: Cyrillic, and ʻ and ʼ in the Uzbek texts. */
const content = loadContent(path.resolve('content'));
const FILE_LANGUAGE: Record<Locale, string> = { lotin: 'uz', russian: 'ru', english: 'en' };

/** One line of text per run of whitespace, as a reader of the page would take it. */
const flat = (text: string) => text.replace(/\s+/g, ' ');

describe(`the CV (/cv/{language}.pdf and .json) on ${testDialect}`, () => {
  let testApp: TestApp;
  let dir: string;
  const today = () => new Date().toISOString().slice(0, 10);
  const poppler = (tool: string, pdf: Buffer, ...args: string[]) => {
    const file = path.join(dir, `${tool}-${Math.random().toString(36).slice(2)}.pdf`);
    writeFileSync(file, pdf);
    return execFileSync(tool, [...args, file, ...(tool === 'pdftotext' ? ['-'] : [])], { encoding: 'utf8' });
  };
  const get = (url: string, headers: Record<string, string> = browser, method: 'GET' | 'HEAD' = 'GET') =>
    testApp.app.inject({ method, url, headers });

  beforeAll(async () => {
    testApp = await createTestApp({ siteOrigin: ORIGIN }, content);
    dir = mkdtempSync(path.join(tmpdir(), 'sahifa-cv-'));
  });
  afterAll(async () => {
    await testApp.close();
    rmSync(dir, { recursive: true, force: true });
  });

  // Every language in one process, Russian first: a font used for a Russian document once dropped the
  // Latin letters of the next one.
  it.each(['russian', 'lotin', 'english'] as const)(
    'makes a searchable %s PDF with its fonts embedded and its metadata set',
    async (locale) => {
      const response = await get(`/cv/${locale}.pdf`);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/pdf');
      const pdf = response.rawPayload;
      const name = `${content.identity.first_name[locale]} ${content.identity.last_name[locale]}`;

      const info = poppler('pdfinfo', pdf);
      expect(info).toMatch(/^Pages:\s+[12]$/m);
      expect(info).toMatch(/A4/);
      expect(info).toContain(`Author:          ${name}`);
      expect(info).toMatch(new RegExp(`^Title:\\s+${name} — `, 'm'));

      const fonts = poppler('pdffonts', pdf).split('\n').slice(2).filter(Boolean);
      expect(fonts.length).toBeGreaterThan(0);
      expect(fonts.some((line) => line.includes('Manrope'))).toBe(true);
      for (const font of fonts) expect(font, 'every font is embedded').toMatch(/\s+yes\s+yes\s+yes\s+/);

      const text = flat(poppler('pdftotext', pdf, '-enc', 'UTF-8'));
      expect(text).toContain(name);
      expect(text).toContain(flat(content.identity.role[locale]));
      for (const entry of content.about.experience) expect(text).toContain(flat(entry.title[locale]));
      for (const entry of content.about.education) expect(text).toContain(flat(entry.title[locale]));
      if (locale === 'russian') expect(text).toContain('Дилноза Каримова');
      if (locale === 'lotin') {
        expect(text).toContain('Oʻzbekiston');
        expect(text).toContain('taʼlim');
      }
    },
  );

  it('sets the document language and a file name the recruiter can keep', async () => {
    const english = await get('/cv/english.pdf');
    expect(english.headers['content-disposition']).toBe(
      `attachment; filename="Dilnoza-Karimova-CV-en.pdf"; filename*=UTF-8''Dilnoza-Karimova-CV-en.pdf`,
    );
    expect(english.rawPayload.toString('latin1')).toContain('/Lang (en)');
    const russian = await get('/cv/russian.pdf');
    expect(russian.headers['content-disposition']).toBe(
      `attachment; filename="Dilnoza-Karimova-CV-ru.pdf"; filename*=UTF-8''${encodeURIComponent('Дилноза-Каримова-CV-ru.pdf')}`,
    );
    for (const locale of LOCALES) {
      const json = await get(`/cv/${locale}.json`);
      expect(json.headers['content-disposition']).toContain(`-CV-${FILE_LANGUAGE[locale]}.json"`);
    }
  });

  it('makes US Letter on request, and A4 otherwise', async () => {
    expect(poppler('pdfinfo', (await get('/cv/english.pdf?paper=letter')).rawPayload)).toMatch(
      /Page size:\s+612 x 792 pts \(letter\)/,
    );
    expect(poppler('pdfinfo', (await get('/cv/english.pdf?paper=a4')).rawPayload)).toMatch(
      /Page size:\s+595\.\d+ x 841\.\d+ pts \(A4\)/,
    );
  });

  it.each(LOCALES)('answers a valid JSON Resume in %s', async (locale) => {
    const response = await get(`/cv/${locale}.json`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    const resume = response.json();
    const errors = await new Promise((resolve) => validate(resume, (found) => resolve(found)));
    expect(errors).toBeNull();
    expect(resume.basics.name).toBe(`${content.identity.first_name[locale]} ${content.identity.last_name[locale]}`);
    expect(resume.basics.label).toBe(content.identity.role[locale]);
    expect(resume.basics.url).toBe(`${ORIGIN}/about?lang=${locale}`);
    expect(resume.work.map((work: { position: string }) => work.position)).toEqual(
      content.about.experience.map((entry) => entry.title[locale]),
    );
    expect(resume.work[0]).not.toHaveProperty('endDate');
    expect(resume.meta.canonical).toBe(`${ORIGIN}/cv/${locale}.json`);
  });

  it('answers the same bytes from memory with an ETag, and 304 when they are held', async () => {
    // That it is made once is cv-cache.test.ts's to show, and how fast the cached one is bench/cv.ts's.
    const first = await get('/cv/russian.pdf');
    const second = await get('/cv/russian.pdf');
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(first.headers['cache-control']).toBe('public, no-cache');
    const held = await get('/cv/russian.pdf', { ...browser, 'if-none-match': etag });
    expect(held.statusCode).toBe(304);
    expect(held.body).toBe('');
  });

  it('answers unknown languages, formats and paper sizes 404 like any unknown path', async () => {
    const unknownPage = await get('/no-such-page');
    for (const url of ['/cv/french.pdf', '/cv/english.docx', '/cv/english.pdf?paper=legal', '/cv/', '/cv/english']) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type'], url).toBe(unknownPage.headers['content-type']);
    }
  });

  it('counts a download once, per language and format, and not for crawlers, HEAD, or a switched-off browser', async () => {
    const before = await cvDownloadsBetween(testApp.db, today(), today());
    await get('/cv/lotin.pdf');
    await get('/cv/lotin.json');
    for (const userAgent of CRAWLER_USER_AGENTS) await get('/cv/lotin.pdf', { 'user-agent': userAgent });
    await get('/cv/lotin.pdf', {});
    await get('/cv/lotin.pdf', browser, 'HEAD');
    await get('/cv/lotin.pdf', { ...browser, cookie: `${NOT_COUNTED_COOKIE}=1` });
    const after = await cvDownloadsBetween(testApp.db, today(), today());
    expect(after.total - before.total).toBe(2);
    const lotin = (counts: typeof after) => counts.languages.find((item) => item.value === 'lotin')?.downloads ?? 0;
    expect(lotin(after) - lotin(before)).toBe(2);
    const pdfs = (counts: typeof after) => counts.formats.find((item) => item.value === 'pdf')?.downloads ?? 0;
    expect(pdfs(after) - pdfs(before)).toBe(1);
    expect(after.days).toEqual([{ day: today(), downloads: after.total }]);
  });

  it("does not count the owner's own downloads, and shows the others in the owner's statistics", async () => {
    const password = 'correct horse battery staple';
    await setPasswordHash(testApp.db, await hashPassword(password, { logN: 10, r: 8, p: 1 }));
    const signedIn = await testApp.app.inject({
      method: 'POST',
      url: '/api/v1/owner/session',
      headers: { ...browser, 'sec-fetch-site': 'same-origin' },
      payload: { password },
    });
    const cookie = String(signedIn.headers['set-cookie']).split(';')[0] ?? '';
    const before = await cvDownloadsBetween(testApp.db, today(), today());
    await get('/cv/english.pdf', { ...browser, cookie });
    await get('/cv/english.json');
    const stats = await get(`/api/v1/owner/stats?from=${today()}&to=${today()}`, { ...browser, cookie });
    expect(stats.statusCode).toBe(200);
    const { cvDownloads } = stats.json().data;
    expect(cvDownloads.total).toBe(before.total + 1);
    expect(cvDownloads.days).toEqual([{ day: today(), downloads: before.total + 1 }]);
    const json = (formats: { value: string; downloads: number }[]) =>
      formats.find((item) => item.value === 'json')?.downloads ?? 0;
    expect(json(cvDownloads.formats)).toBe(json(before.formats) + 1);
  });
});
