import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publishContentVersion } from '../../repositories/content-repository.js';
import { createTestApp, type TestApp, testDialect } from '../../test/helper.js';
import { sampleContent } from '../../test/sample-content.js';
import { sourcePageRenderer } from '../../test/source-page-renderer.js';

const BROKEN_ESCAPE = 'https://example.com/%E0%A4%A';
const NO_ADDRESS = 'https://exa mple.com/profile';

/**
 * Issue 25, defect 8: a link the schema now refuses may still be stored (an older version, a row
 * written by hand). What visitors get from it must never be a 500.
 */
describe(`a stored version with links that cannot be read, on ${testDialect}`, () => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await createTestApp({}, sampleContent(), { pageRenderer: await sourcePageRenderer() });
    const content = sampleContent();
    content.footer.social_links = [
      { url: BROKEN_ESCAPE, icon: 'github' },
      // Not a known icon: its network is named by the address's host, which this one has none of.
      { url: NO_ADDRESS, icon: 'homepage' },
      { url: 'https://github.com/aziza', icon: 'github' },
    ];
    const [item] = content.portfolio.items;
    if (item) item.url = BROKEN_ESCAPE;
    // Straight into the store, past every check, as a version saved before the check existed.
    await publishContentVersion(testApp.db, content, { source: 'editor' });
    await testApp.app.jobs.run('content-refresh');
  });
  afterAll(async () => testApp.close());

  const get = (url: string) => testApp.app.inject({ url });

  it('still gives the JSON CV, keeping the links as written and leaving out the user name it cannot read', async () => {
    for (const locale of ['english', 'russian', 'lotin']) {
      const response = await get(`/cv/${locale}.json`);
      expect(response.statusCode, response.body).toBe(200);
      const { profiles } = response.json().basics;
      expect(profiles).toEqual([
        { network: 'GitHub', url: BROKEN_ESCAPE },
        { network: NO_ADDRESS, url: NO_ADDRESS },
        { network: 'GitHub', username: 'aziza', url: 'https://github.com/aziza' },
      ]);
    }
  });

  it('still gives the PDF in every language', async () => {
    for (const locale of ['english', 'russian', 'lotin']) {
      const response = await get(`/cv/${locale}.pdf`);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/pdf');
    }
  }, 60_000);

  it('still gives the pages, with the links as saved, and the sections that hold them', async () => {
    for (const url of ['/', '/about', '/portfolio', '/contact', '/?lang=russian']) {
      const page = await get(url);
      expect(page.statusCode, url).toBe(200);
      expect(page.body, url).toContain(`href="${BROKEN_ESCAPE}"`);
    }
    const footer = await get('/api/v1/pages/footer');
    expect(footer.statusCode).toBe(200);
    expect(footer.json().data.social_links[0].url).toBe(BROKEN_ESCAPE);
    const portfolio = await get('/api/v1/pages/portfolio');
    expect(portfolio.statusCode).toBe(200);
    expect(portfolio.json().data.items[0].url).toBe(BROKEN_ESCAPE);
  });
});
