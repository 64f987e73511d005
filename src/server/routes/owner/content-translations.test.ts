import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { TranslationReport } from '../../../shared/schemas/content-translations.js';
import { publishContentVersion } from '../../repositories/content-repository.js';
import { SAME_ORIGIN, testDialect } from '../../test/helper.js';
import { ownerTestAppForBlock } from '../../test/owner-app.js';
import type { sampleContent } from '../../test/sample-content.js';

describe(`the owner's translation report API on ${testDialect}`, () => {
  const owner = ownerTestAppForBlock();
  const { call } = owner;

  const report = async (): Promise<TranslationReport> => {
    const answer = await call('GET', '/translations');
    expect(answer.statusCode).toBe(200);
    return answer.json().data;
  };
  const field = (answer: TranslationReport, path: string) =>
    answer.sections.flatMap((section) => section.fields).find((entry) => entry.path === path);

  /** Saves the draft after `edit` changed a copy of the current one. */
  async function editDraft(edit: (content: ReturnType<typeof sampleContent>) => void): Promise<void> {
    const { draft } = (await call('GET', '/draft')).json().data;
    edit(draft.content);
    const saved = await call('PUT', '/draft', {
      content: draft.content,
      basedOn: draft.basedOn,
      revision: draft.revision,
    });
    expect(saved.statusCode).toBe(200);
  }

  it('answers 401 without a session and 403 to a change from another site', async () => {
    expect((await call('GET', '/translations', undefined, {} as never)).statusCode).toBe(401);
    const marking = { key: 'identity.first_name', same: true };
    expect((await call('PUT', '/translations/marks', marking, { ...SAME_ORIGIN } as never)).statusCode).toBe(401);
    expect(
      (
        await call('PUT', '/translations/marks', marking, {
          cookie: owner.testApp.cookie,
          'sec-fetch-site': 'cross-site',
        } as never)
      ).statusCode,
    ).toBe(403);
  });

  it('reports nothing for content translated everywhere, and lists every section', async () => {
    const answer = await report();
    expect(answer.sections.map((section) => section.section)).toEqual([
      'identity',
      'home',
      'about',
      'portfolio',
      'footer',
    ]);
    expect(answer.sections.flatMap((section) => section.fields)).toEqual([]);
    expect(answer.marked).toEqual([]);
  });

  it('lists a field changed only in Uzbek as possibly out of date in Russian and English, in the draft and once published', async () => {
    await editDraft((content) => {
      content.home.greeting.lotin = 'Assalomu alaykum';
    });
    const expected = {
      key: 'home.greeting',
      path: 'home.greeting',
      missing: [],
      outdated: ['russian', 'english'],
      changedIn: ['lotin'],
    };
    expect(field(await report(), 'home.greeting')).toEqual(expected);

    expect((await call('POST', '/publish', {})).statusCode).toBe(200);
    expect(field(await report(), 'home.greeting')).toEqual(expected);

    // Russian follows in the draft: only English is left behind.
    await editDraft((content) => {
      content.home.greeting.russian = 'Здравствуйте';
    });
    expect(field(await report(), 'home.greeting')).toMatchObject({ outdated: ['english'], changedIn: ['lotin'] });
  });

  it('reads the versions published since its last answer, by any process, in order', async () => {
    const { draft } = (await call('GET', '/draft')).json().data;
    // English is edited in one version, Russian follows in the next: Uzbek is left behind English alone.
    const english = structuredClone(draft.content);
    english.about.experience[0].place.english = 'Agency';
    await publishContentVersion(owner.testApp.db, english, { source: 'files' });
    const russian = structuredClone(english);
    russian.about.experience[0].place.russian = 'Агентство';
    await publishContentVersion(owner.testApp.db, russian, { source: 'files' });
    await editDraft((content) => {
      Object.assign(content.about.experience[0] ?? {}, { place: russian.about.experience[0].place });
    });
    expect(field(await report(), 'about.experience.0.place')).toMatchObject({
      outdated: ['lotin'],
      changedIn: ['english'],
    });
  });

  it('names the languages a field misses while another has a text', async () => {
    await editDraft((content) => {
      Object.assign(content.about.services[0]?.title ?? {}, { russian: '  ' });
    });
    expect(field(await report(), 'about.services.0.title')).toEqual({
      key: 'about.services.0.title',
      path: 'about.services.0.title',
      missing: ['russian'],
      outdated: [],
      changedIn: [],
    });
  });

  it('leaves out a field marked "same in every language" until it is unmarked', async () => {
    await editDraft((content) => {
      content.identity.first_name.lotin = 'Azizaxon';
    });
    expect(field(await report(), 'identity.first_name')).toMatchObject({ outdated: ['russian', 'english'] });

    const marked = await call('PUT', '/translations/marks', { key: 'identity.first_name', same: true });
    expect(marked.statusCode).toBe(200);
    expect(field(marked.json().data, 'identity.first_name')).toBeUndefined();
    expect(marked.json().data.marked).toEqual([{ key: 'identity.first_name', path: 'identity.first_name' }]);
    // Marking twice changes nothing; the mark is kept in the database.
    expect((await call('PUT', '/translations/marks', { key: 'identity.first_name', same: true })).statusCode).toBe(200);
    expect((await report()).marked).toEqual([{ key: 'identity.first_name', path: 'identity.first_name' }]);
    expect(field(await report(), 'identity.first_name')).toBeUndefined();

    const unmarked = await call('PUT', '/translations/marks', { key: 'identity.first_name', same: false });
    expect(unmarked.statusCode).toBe(200);
    expect(unmarked.json().data.marked).toEqual([]);
    expect(field(await report(), 'identity.first_name')).toMatchObject({ outdated: ['russian', 'english'] });
  });

  it('refuses a mark that is not one, with the field named', async () => {
    for (const body of [{}, { key: '', same: true }, { key: 'x'.repeat(301), same: true }, { key: 'a', same: 'yes' }]) {
      const answer = await call('PUT', '/translations/marks', body);
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toMatchObject({ success: false, code: 'validation_failed' });
    }
  });

  it('answers any body and any draft with a client answer, never a 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(fc.jsonValue({ maxDepth: 3 }), fc.jsonValue({ maxDepth: 4 }), async (body, draftContent) => {
        const answer = await call('PUT', '/translations/marks', body as object);
        expect(answer.statusCode).toBeLessThan(500);
        const { draft } = (await call('GET', '/draft')).json().data;
        await call('PUT', '/draft', {
          content: { ...draft.content, home: draftContent },
          basedOn: draft.basedOn,
          revision: draft.revision,
        });
        expect((await call('GET', '/translations')).statusCode).toBe(200);
      }),
      { numRuns: 60 },
    );
  });
});
