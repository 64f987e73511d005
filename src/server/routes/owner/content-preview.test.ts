import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCALES } from '../../../shared/locales.js';
import type { ServerEntry } from '../../../shared/page-rendering.js';
import { publishContentVersion } from '../../repositories/content-repository.js';
import { createTestApp, SAME_ORIGIN, signInOwner, type TestApp, testDialect } from '../../test/helper.js';
import { sampleContent } from '../../test/sample-content.js';

/** The web app's server bundle from source (Vitest compiles it), so the previews are the real pages. */
async function sourceEntry(): Promise<ServerEntry> {
  const entry = path.resolve(import.meta.dirname, '../../../web/entry-server.tsx');
  return (await import(/* @vite-ignore */ entry)) as ServerEntry;
}

describe(`the studio's draft preview on ${testDialect}`, () => {
  let testApp: TestApp;
  let cookie: string;
  beforeAll(async () => {
    testApp = await createTestApp({}, sampleContent(), { pageRenderer: await sourceEntry() });
    await publishContentVersion(testApp.db, sampleContent(), { source: 'files', filesHash: 'x' });
    cookie = await signInOwner(testApp);
    const draft = sampleContent();
    draft.identity.first_name.english = 'Drafted';
    // What the footer editor's toolbar writes, and what the sanitizer must take out as it does for visitors.
    draft.footer.description.english =
      '<p>Made with <strong>care</strong> <img src="x" onerror="alert(1)"><script>alert(2)</script></p>';
    const saved = await preview('PUT', '/draft', { content: draft, basedOn: 1, revision: 0 });
    expect(saved.statusCode).toBe(200);
  });
  afterAll(async () => testApp.close());

  function preview(method: 'GET' | 'PUT', url: string, payload?: unknown) {
    return testApp.app.inject({
      method,
      url: `/api/v1/owner/content${url}`,
      headers: { cookie, ...SAME_ORIGIN },
      ...(payload ? { payload } : {}),
    });
  }

  it('renders the 404 page from the draft, with its name and its sanitized footer', async () => {
    const page = await preview('GET', '/preview/not-found?lang=english');
    expect(page.statusCode).toBe(404);
    expect(page.body).toMatch(/<h1 id="not-found-title"[^>]*>404/);
    expect(page.body).toMatch(/<title>[^<]*Drafted Test[^<]*<\/title>/);
    expect(page.body).toContain('<p>Made with <strong>care</strong> </p>');
    expect(page.body).not.toContain('onerror');
    expect(page.body).not.toContain('alert(');

    // Visitors' 404 page still shows the published content.
    const visitors = await testApp.app.inject({ url: '/not-found?lang=english' });
    expect(visitors.statusCode).toBe(404);
    expect(visitors.body).not.toContain('Drafted');
    expect(visitors.body).not.toContain('Made with');
  });

  it('carries no script element on any page, in any language, where the same pages for visitors carry several', async () => {
    for (const path of ['', 'about', 'portfolio', 'contact', 'not-found']) {
      for (const locale of LOCALES) {
        const page = await preview('GET', `/preview/${path}?lang=${locale}&theme=dark`);
        expect(page.body, `${path} in ${locale}`).toContain('</main>');
        expect(page.body, `${path} in ${locale}`).not.toMatch(/<script|modulepreload/i);
        const visitors = await testApp.app.inject({ url: `/${path}?lang=${locale}` });
        expect(visitors.body, `${path} in ${locale}`).toContain('<script id="site-data" type="application/json">');
        expect(visitors.body, `${path} in ${locale}`).toContain('<script type="module"');
      }
    }
  });
});
