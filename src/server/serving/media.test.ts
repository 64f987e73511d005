import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/helper.js';

describe('GET /media/*', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp();
    await sharp({ create: { width: 1000, height: 750, channels: 3, background: '#0d6973' } })
      .jpeg()
      .toFile(path.join(testApp.contentDir, 'images', 'photo.jpg'));
  });
  afterAll(async () => testApp.close());

  it('sends an SVG as it is', async () => {
    const response = await testApp.app.inject({ url: '/media/owner.svg?w=320' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(response.body).toContain('<svg');
  });

  it('resizes a raster picture to the asked width as WebP, and serves the same bytes from the cache', async () => {
    const first = await testApp.app.inject({ url: '/media/photo.jpg?w=480' });
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('image/webp');
    const metadata = await sharp(first.rawPayload).metadata();
    expect(metadata).toMatchObject({ format: 'webp', width: 480, height: 360 });
    const second = await testApp.app.inject({ url: '/media/photo.jpg?w=480' });
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
  });

  it('never enlarges, and sends the original without a width', async () => {
    const large = await testApp.app.inject({ url: '/media/photo.jpg?w=1600' });
    expect((await sharp(large.rawPayload).metadata()).width).toBe(1000);
    const original = await testApp.app.inject({ url: '/media/photo.jpg' });
    expect(original.headers['content-type']).toBe('image/jpeg');
  });

  it('refuses other widths with 400 and unknown or escaping paths with 404', async () => {
    const odd = await testApp.app.inject({ url: '/media/photo.jpg?w=333' });
    expect(odd.statusCode).toBe(400);
    expect(odd.json()).toMatchObject({ success: false, code: 'bad_request' });
    for (const url of [
      '/media/nothing.png',
      '/media/../home.yaml',
      '/media/%2e%2e/home.yaml',
      '/media/portfolio/../../home.yaml',
    ]) {
      const response = await testApp.app.inject({ url });
      expect(response.statusCode, url).toBe(404);
    }
  });
});
