import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_INDEX_HTML, type TestApp } from '../test/helper.js';

const SCRIPT = `export const words = ${JSON.stringify('sahifa '.repeat(2000))};`;

/** A built site as `npm run build` leaves it: every file with the brotli and gzip copies beside it. */
function writeBuiltSite(root: string): { br: Buffer; gzip: Buffer } {
  mkdirSync(path.join(root, 'assets'), { recursive: true });
  writeFileSync(path.join(root, 'index.html'), TEST_INDEX_HTML);
  const script = path.join(root, 'assets', 'index-abc123.js');
  writeFileSync(script, SCRIPT);
  // Quality 1, not the server's 11: the test can tell the build's copy from one made at start-up.
  const br = brotliCompressSync(SCRIPT, { params: { [constants.BROTLI_PARAM_QUALITY]: 1 } });
  const gzip = gzipSync(SCRIPT, { level: 1 });
  writeFileSync(`${script}.br`, br);
  writeFileSync(`${script}.gz`, gzip);
  writeFileSync(`${script}.map`, '{"version":3,"sources":["secret-source.ts"]}');
  writeFileSync(path.join(root, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  return { br, gzip };
}

const BROWSER = 'gzip, deflate, br, zstd';

describe('built files, served from memory', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'sahifa-built-'));
  const built = writeBuiltSite(root);
  let testApp: TestApp;
  let port = 0;
  beforeAll(async () => {
    testApp = await createTestApp({ webRoot: root });
    await testApp.app.listen({ port: 0, host: '127.0.0.1' });
    port = (testApp.app.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await testApp.close();
    rmSync(root, { recursive: true, force: true });
  });
  const get = (url: string, headers: Record<string, string> = {}) => testApp.app.inject({ url, headers });

  it("sends the build's brotli copy as it is, with its length, the same bytes every time", async () => {
    const first = await get('/assets/index-abc123.js', { 'accept-encoding': BROWSER });
    const second = await get('/assets/index-abc123.js', { 'accept-encoding': BROWSER });
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-encoding']).toBe('br');
    expect(first.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(first.headers['content-length']).toBe(String(built.br.length));
    expect(first.rawPayload.equals(built.br)).toBe(true);
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(brotliDecompressSync(first.rawPayload).toString()).toBe(SCRIPT);
    expect(first.headers.vary).toBe('Accept-Encoding');
    expect(first.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('sends gzip to a client without brotli, and the plain file to one without either', async () => {
    const gzipped = await get('/assets/index-abc123.js', { 'accept-encoding': 'gzip' });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gzipped.rawPayload.equals(built.gzip)).toBe(true);
    expect(gunzipSync(gzipped.rawPayload).toString()).toBe(SCRIPT);
    for (const acceptEncoding of [undefined, 'identity', 'br;q=0, gzip;q=0', 'deflate']) {
      const plain = await get('/assets/index-abc123.js', acceptEncoding ? { 'accept-encoding': acceptEncoding } : {});
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body).toBe(SCRIPT);
      expect(plain.headers['content-length']).toBe(String(Buffer.byteLength(SCRIPT)));
    }
    const preferGzip = await get('/assets/index-abc123.js', { 'accept-encoding': 'br;q=0.5, gzip' });
    expect(preferGzip.headers['content-encoding']).toBe('gzip');
  });

  it('answers a matching If-None-Match with 304 and no body; each encoding has its own strong ETag', async () => {
    const br = await get('/assets/index-abc123.js', { 'accept-encoding': BROWSER });
    const plain = await get('/assets/index-abc123.js');
    const etag = String(br.headers.etag);
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(plain.headers.etag).not.toBe(etag);
    const notModified = await get('/assets/index-abc123.js', { 'accept-encoding': BROWSER, 'if-none-match': etag });
    expect(notModified.statusCode).toBe(304);
    expect(notModified.rawPayload.length).toBe(0);
    expect(notModified.headers.etag).toBe(etag);
    const listed = await get('/assets/index-abc123.js', {
      'accept-encoding': BROWSER,
      'if-none-match': `"other", W/${etag}`,
    });
    expect(listed.statusCode).toBe(304);
    const changed = await get('/assets/index-abc123.js', { 'accept-encoding': BROWSER, 'if-none-match': '"other"' });
    expect(changed.statusCode).toBe(200);
  });

  it('answers HEAD with the headers only', async () => {
    const head = await testApp.app.inject({ method: 'HEAD', url: '/favicon.svg' });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toBe('image/svg+xml');
    expect(head.body).toBe('');
    expect(head.headers['cache-control']).toBe('public, max-age=3600');
  });

  it('keeps source maps private unless asked', async () => {
    expect((await get('/assets/index-abc123.js.map')).statusCode).toBe(404);
    expect((await get('/assets/index-abc123.js')).headers.sourcemap).toBeUndefined();
    const withMaps = await createTestApp({ webRoot: root, serveSourceMaps: true });
    const map = await withMaps.app.inject({ url: '/assets/index-abc123.js.map' });
    const script = await withMaps.app.inject({ url: '/assets/index-abc123.js' });
    await withMaps.close();
    expect(map.statusCode).toBe(200);
    expect(map.body).toContain('secret-source.ts');
    expect(script.headers.sourcemap).toBe('/assets/index-abc123.js.map');
  });

  it.each([
    '/index.html',
    '/./index.html',
    '//index.html',
    '/assets/../index.html',
    '/assets/%2e%2e/index.html',
    '/%2e/index.html',
    '/%69ndex.html',
    '/index.html%00',
    '/index.html/',
    '/INDEX.HTML',
    '/index.html?x=1',
    '/assets/..%2findex.html',
    '/assets%2f..%2findex.html',
    '/assets/index-abc123.js.br',
    '/assets/index-abc123.js.gz',
    '/assets/..%5cindex.html',
  ])('never sends the raw template or a copy for %s', async (url) => {
    // Over a real socket: the path reaches the server exactly as written, dots and escapes included.
    const { statusCode, body } = await new Promise<{ statusCode: number; body: string }>((resolve, reject) => {
      httpRequest({ host: '127.0.0.1', port, path: url }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ statusCode: response.statusCode ?? 0, body: Buffer.concat(chunks).toString() }),
        );
      })
        .on('error', reject)
        .end();
    });
    expect([400, 404]).toContain(statusCode);
    expect(body).not.toContain('<!--site-data-->');
    expect(body).not.toContain('secret-source');
  });
});
