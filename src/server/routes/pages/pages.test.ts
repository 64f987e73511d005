import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SECTIONS } from '../../../shared/sections.js';
import { expectBrotliFromMemory } from '../../test/from-memory.js';
import { createTestApp, type TestApp } from '../../test/helper.js';
import { sampleContent } from '../../test/sample-content.js';

describe('GET /api/v1/pages/{section}', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp();
  });
  afterAll(async () => testApp.close());

  it.each(SECTIONS)('answers the %s section with every language at once', async (section) => {
    const response = await testApp.app.inject({ method: 'GET', url: `/api/v1/pages/${section}` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.json()).toEqual({ success: true, message: 'OK', data: testApp.content[section] });
  });

  it('answers the footer with description per language and social links', async () => {
    const { data } = (await testApp.app.inject({ url: '/api/v1/pages/footer' })).json();
    expect(Object.keys(data.description).sort()).toEqual(['english', 'lotin', 'russian']);
    expect(data.social_links).toEqual([{ url: 'https://github.com/example', icon: 'github' }]);
  });

  it.each(['contact', 'HOME', 'identity', 'home.json', 'home%20', 'x'.repeat(150)])(
    'rejects the section %s with 404 "Section not found"',
    async (section) => {
      const response = await testApp.app.inject({ url: `/api/v1/pages/${section}` });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ success: false, code: 'section_not_found', message: 'Section not found' });
    },
  );

  it('answers brotli from memory: compressed once, with a length, the same bytes every time', async () => {
    const headers = { 'accept-encoding': 'gzip, deflate, br, zstd' };
    const first = await expectBrotliFromMemory(testApp, '/api/v1/pages/about', headers);
    expect(JSON.parse(brotliDecompressSync(first.rawPayload).toString())).toEqual({
      success: true,
      message: 'OK',
      data: testApp.content.about,
    });
    const gzipped = await testApp.app.inject({ url: '/api/v1/pages/about', headers: { 'accept-encoding': 'gzip' } });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    const plain = await testApp.app.inject({ url: '/api/v1/pages/about' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(gunzipSync(gzipped.rawPayload).equals(plain.rawPayload)).toBe(true);
    expect(first.headers.vary).toBe('Accept-Encoding');
  });

  it('carries a strong ETag, answers 304 when it matches, and may be reused briefly', async () => {
    const first = await testApp.app.inject({ url: '/api/v1/pages/home' });
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(first.headers['cache-control']).toBe('public, max-age=60, stale-while-revalidate=86400');
    const again = await testApp.app.inject({ url: '/api/v1/pages/home', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers['cache-control']).toBe('public, max-age=60, stale-while-revalidate=86400');
    const other = await testApp.app.inject({ url: '/api/v1/pages/about', headers: { 'if-none-match': etag } });
    expect(other.statusCode).toBe(200);
  });

  it("answers the owner's footer HTML already sanitized (the browser ships no sanitizer)", async () => {
    const content = sampleContent();
    content.footer.description.lotin =
      '<p>Salom <strong>do‘stlar</strong><img src=x onerror="window.pwned=1"><script>window.pwned=2</script><a href="javascript:window.pwned=3" target="_blank">x</a></p>';
    const hostile = await createTestApp({}, content);
    const { data } = (await hostile.app.inject({ url: '/api/v1/pages/footer' })).json();
    await hostile.close();
    expect(data.description.lotin).toBe(
      '<p>Salom <strong>do‘stlar</strong><a target="_blank" rel="noopener noreferrer">x</a></p>',
    );
  });

  it('does not accept writes', async () => {
    const response = await testApp.app.inject({ method: 'POST', url: '/api/v1/pages/home', payload: {} });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ success: false, code: 'not_found' });
  });
});
