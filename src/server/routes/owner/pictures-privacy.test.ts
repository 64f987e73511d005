import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialect } from '../../test/helper.js';
import { callContentApi, createOwnerTestApp, type OwnerTestApp, uploadPicture } from '../../test/owner-app.js';
import { sampleContent } from '../../test/sample-content.js';
import { sourcePageRenderer } from '../../test/source-page-renderer.js';

/**
 * Defect 5 of issue 25: `/media` served every stored picture to anyone. Visitors get the published
 * version's pictures only; the draft's and the library's need the owner's session (the preview has it).
 */
describe(`who may see a picture, on ${testDialect}`, () => {
  let testApp: OwnerTestApp;
  beforeAll(async () => {
    testApp = await createOwnerTestApp({}, sampleContent(), { pageRenderer: await sourcePageRenderer() });
  });
  afterAll(async () => testApp.close());

  const owner = (method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) =>
    callContentApi(testApp, method, url, payload);

  it('an unused picture is the owner’s only; once the draft uses it the preview shows it; once published, everyone sees it', async () => {
    const bytes = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#2a6' } })
      .jpeg()
      .toBuffer();
    const uploaded = await uploadPicture(testApp, bytes, 'secret-launch.jpg', 'portfolio/secret-launch.jpg');
    expect(uploaded.statusCode).toBe(201);

    const missing = await testApp.app.inject({ url: '/media/portfolio/no-such-picture.jpg?w=320' });
    for (const url of [
      '/media/portfolio/secret-launch.jpg',
      '/media/portfolio/secret-launch.jpg?w=320',
      '/media/portfolio/secret-launch.jpg?w=320&f=avif',
    ]) {
      const anonymous = await testApp.app.inject({ url });
      // Exactly as a picture that does not exist: nothing tells a visitor it is there.
      expect(anonymous.statusCode, url).toBe(404);
      expect(anonymous.body, url).toBe(missing.body);
      expect(anonymous.headers['cache-control'], url).toBe(missing.headers['cache-control']);
      const asOwner = await testApp.app.inject({ url, headers: { cookie: testApp.cookie } });
      expect(asOwner.statusCode, url).toBe(200);
      // Never kept by a shared cache, which could hand it to a visitor.
      expect(asOwner.headers['cache-control'], url).toMatch(/private/);
    }

    const draft = sampleContent();
    const item = draft.portfolio.items[0];
    if (!item) throw new Error('the sample has a project');
    item.image = 'portfolio/secret-launch.jpg';
    // Described anew: the old picture's alt texts would hold publishing back (pictures-alt-review.test.ts).
    item.image_alt = { lotin: 'Yangi surat', russian: 'Новый снимок', english: 'The launch' };
    expect((await owner('PUT', '/draft', { content: draft, basedOn: 1, revision: 0 })).statusCode).toBe(200);
    const preview = await owner('GET', '/preview/portfolio?lang=english');
    expect(preview.statusCode).toBe(200);
    const address = preview.body
      .match(/src="(\/media\/portfolio\/secret-launch\.jpg[^"]*)"/)?.[1]
      ?.replace(/&amp;/g, '&');
    expect(address).toBeDefined();
    // The preview frame keeps the owner's origin (sandbox="allow-same-origin"), so its pictures carry the session.
    expect((await testApp.app.inject({ url: address ?? '', headers: { cookie: testApp.cookie } })).statusCode).toBe(
      200,
    );
    expect((await testApp.app.inject({ url: address ?? '' })).statusCode).toBe(404);

    const published = await owner('POST', '/publish', { note: 'The launch picture' });
    expect(published.statusCode).toBe(200);
    const visitor = await testApp.app.inject({ url: address ?? '' });
    expect(visitor.statusCode).toBe(200);
    expect(visitor.headers['cache-control']).toMatch(/^public/);
    // The visitors' page names it too.
    const page = await testApp.app.inject({ url: '/portfolio?lang=english' });
    expect(page.body).toContain('/media/portfolio/secret-launch.jpg');
  });
});
