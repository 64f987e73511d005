import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pictureVersion } from '../../shared/media.js';
import type { ServerEntry } from '../../shared/page-rendering.js';
import { publishContent } from '../content/publish-content.js';
import { checkPicture } from '../pictures/picture-check.js';
import { pictureSummaryByPath, storePicture } from '../repositories/picture-repository.js';
import { createTestApp, type TestApp, testDialect } from '../test/helper.js';
import { sampleContent } from '../test/sample-content.js';

/** The web app's server bundle from source (Vitest compiles it): a renderer made per version, as in production. */
async function sourceEntry(): Promise<ServerEntry> {
  const entry = path.resolve(import.meta.dirname, '../../web/entry-server.tsx');
  return (await import(/* @vite-ignore */ entry)) as ServerEntry;
}

const imgOf = (html: string, alt: string) => new RegExp(`<img[^>]*alt="${alt}"[^>]*>`).exec(html)?.[0] ?? '';

describe(`content pictures in the rendered pages on ${testDialect}`, () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp({}, sampleContent(), { pageRenderer: await sourceEntry() });
  });
  afterAll(async () => testApp.close());

  it('draws each picture at its own size, named by its version, in the page and in the data it hydrates from', async () => {
    // A landscape photo where the layout expects a portrait one (600 × 720).
    const bytes = await sharp({ create: { width: 900, height: 500, channels: 3, background: '#3a6ea5' } })
      .jpeg()
      .toBuffer();
    await storePicture(testApp.db, { path: 'wide.jpg', bytes, ...(await checkPicture('wide.jpg', bytes)) });
    const content = structuredClone(testApp.content);
    content.home.photo = 'wide.jpg';
    content.home.photo_alt = { lotin: 'Keng surat', russian: 'Широкое фото', english: 'A wide photo' };
    await publishContent(testApp.db, testApp.app.contentState, content, { source: 'editor' });

    const version = pictureVersion((await pictureSummaryByPath(testApp.db, 'wide.jpg'))?.sha256 ?? '');
    const html = (await testApp.app.inject({ url: '/?lang=lotin' })).body;
    const img = imgOf(html, 'Keng surat');
    expect(img).toContain('width="900"');
    expect(img).toContain('height="500"');
    expect(img).toContain(`src="/media/wide.jpg?v=${version}"`);
    // No width past the photo's own is offered as a sharper one: 1024 is the photo itself, named 900w.
    expect(html).toContain(`/media/wide.jpg?w=800&amp;f=avif&amp;v=${version} 800w`);
    expect(html).toContain(`/media/wide.jpg?w=1024&amp;f=avif&amp;v=${version} 900w`);
    const siteData = JSON.parse(
      /<script id="site-data" type="application\/json">(.*?)<\/script>/.exec(html)?.[1] ?? '{}',
    );
    expect(siteData.pictures['wide.jpg']).toEqual({ width: 900, height: 500, version });
  });
});
