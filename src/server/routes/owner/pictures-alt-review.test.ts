import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialect } from '../../test/helper.js';
import { callContentApi, createOwnerTestApp, type OwnerTestApp, uploadPicture } from '../../test/owner-app.js';
import { sampleContent } from '../../test/sample-content.js';

/**
 * Issue 25, "a replaced picture asks for its new description": the alt texts of a picture the draft
 * replaced, still word for word the old picture's, refuse publishing until rewritten or confirmed.
 */
describe(`a replaced picture's alt texts on ${testDialect}`, () => {
  let testApp: OwnerTestApp;
  beforeAll(async () => {
    testApp = await createOwnerTestApp();
    const bytes = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#345' } })
      .png()
      .toBuffer();
    for (const name of ['portfolio/new-shop.png', 'new-owner.png']) {
      expect((await uploadPicture(testApp, bytes, 'x.png', name)).statusCode).toBe(201);
    }
  });
  afterAll(async () => testApp.close());

  const owner = (method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) =>
    callContentApi(testApp, method, url, payload);
  let revision = 0;
  const saveDraft = async (content: ReturnType<typeof sampleContent>) => {
    const saved = await owner('PUT', '/draft', { content, basedOn: 1, revision });
    expect(saved.statusCode).toBe(200);
    revision = saved.json().data.draft.revision;
  };

  it('refuses publishing while the alt texts are the old picture’s, naming each; a rewritten one or a confirmation lets it through', async () => {
    const draft = sampleContent();
    const shop = draft.portfolio.items[0];
    if (!shop) throw new Error('the sample has a project');
    shop.image = 'portfolio/new-shop.png';
    draft.home.photo = 'new-owner.png';
    // A new project with a new picture has nothing to review: its alt texts are new.
    draft.portfolio.items.push({ ...shop, id: 'brand-new', image: 'portfolio/new-shop.png' });
    await saveDraft(draft);

    const refused = await owner('POST', '/publish', {});
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ code: 'validation_failed' });
    expect(refused.json().errors).toEqual(
      expect.arrayContaining(
        ['home.photo_alt', 'portfolio.items.0.image_alt'].flatMap((field) =>
          ['lotin', 'russian', 'english'].map((language) => ({ field: `${field}.${language}`, code: 'needs_review' })),
        ),
      ),
    );
    expect(refused.json().errors).toHaveLength(6);

    // The home photo's English description rewritten; the rest confirmed as they are.
    draft.home.photo_alt.english = 'The owner, at the new desk';
    await saveDraft(draft);
    const fewer = await owner('POST', '/publish', {});
    expect(fewer.statusCode).toBe(422);
    expect((fewer.json().errors as { field: string }[]).map((error) => error.field).sort()).toEqual([
      'home.photo_alt.lotin',
      'home.photo_alt.russian',
      'portfolio.items.0.image_alt.english',
      'portfolio.items.0.image_alt.lotin',
      'portfolio.items.0.image_alt.russian',
    ]);

    const confirmed = await owner('PUT', '/alt-confirmations', {
      place: 'portfolio:shop',
      picture: 'portfolio/new-shop.png',
      alts: shop.image_alt,
    });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json().data).toContainEqual({
      place: 'portfolio:shop',
      picture: 'portfolio/new-shop.png',
      alts: shop.image_alt,
    });
    await owner('PUT', '/alt-confirmations', { place: 'home', picture: 'new-owner.png', alts: draft.home.photo_alt });
    expect((await owner('GET', '/alt-confirmations')).json().data).toHaveLength(2);

    const published = await owner('POST', '/publish', { note: 'New pictures' });
    expect(published.statusCode).toBe(200);
  });

  it('refuses a confirmation that is not one, and answers 401 without a session', async () => {
    for (const body of [
      { place: 'sidebar', picture: 'a.png', alts: {} },
      { place: 'home', picture: '../a.png', alts: {} },
      { place: 'home', picture: 'a.png', alts: { english: 'x'.repeat(2001) } },
    ]) {
      expect((await owner('PUT', '/alt-confirmations', body)).statusCode, JSON.stringify(body).slice(0, 60)).toBe(400);
    }
    expect((await testApp.app.inject({ url: '/api/v1/owner/content/alt-confirmations' })).statusCode).toBe(401);
  });
});
