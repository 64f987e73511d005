import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/helper.js';
import { sampleContent } from '../test/sample-content.js';

describe('a new content version swaps everything made from the old one', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp({ siteOrigin: 'https://aziza.example' });
  });
  afterAll(async () => testApp.close());

  const get = (url: string, headers: Record<string, string> = {}) => testApp.app.inject({ url, headers });
  const description = (html: string) => /<meta name="description" content="([^"]*)"/.exec(html)?.[1];
  const previewAddress = (html: string) => /<meta property="og:image" content="([^"]*)"/.exec(html)?.[1];

  it('serves the new version in the API, the page head, the preview picture and the CV, with new ETags', async () => {
    const section = await get('/api/v1/pages/footer');
    const page = await get('/about?lang=english');
    const cv = await get('/cv/english.json');
    expect(section.statusCode).toBe(200);
    expect(section.headers.etag).toMatch(/^"v0-/);
    expect(description(page.body)).toContain('Designer');
    // Seen before: the browser revalidates and hears "not modified".
    expect((await get('/api/v1/pages/footer', { 'if-none-match': String(section.headers.etag) })).statusCode).toBe(304);

    const next = sampleContent();
    next.footer.description.english = '<p>Published <script>alert(1)</script>now</p>';
    next.identity.role.english = 'Architect';
    next.identity.first_name.english = 'Zarina';
    expect(testApp.app.contentState.replace(next, 7)).toBe(true);

    const newSection = await get('/api/v1/pages/footer', { 'if-none-match': String(section.headers.etag) });
    expect(newSection.statusCode).toBe(200);
    expect(newSection.headers.etag).toMatch(/^"v7-/);
    // Made safe as at start-up.
    expect(newSection.json().data.description.english).toBe('<p>Published now</p>');

    const newPage = await get('/about?lang=english', { 'if-none-match': String(page.headers.etag) });
    expect(newPage.statusCode).toBe(200);
    expect(newPage.headers.etag).not.toBe(page.headers.etag);
    expect(description(newPage.body)).toContain('Architect');
    expect(previewAddress(newPage.body)).not.toBe(previewAddress(page.body));

    const newCv = await get('/cv/english.json');
    expect(newCv.body).not.toBe(cv.body);
    expect(newCv.json().basics.name).toContain('Zarina');
  });

  it('keeps what it made while the version stays the same', async () => {
    const first = await get('/api/v1/pages/home');
    expect(testApp.app.contentState.replace(sampleContent(), testApp.app.contentState.current.version)).toBe(false);
    expect((await get('/api/v1/pages/home')).headers.etag).toBe(first.headers.etag);
  });
});
