import { describe, expect, it } from 'vitest';
import type { TranslationReport } from './schemas/content-translations.js';
import { addContent, EMPTY_TRANSLATION_HISTORY, translationReport, translationReportOf } from './translation-report.js';

const text = (word: string) => ({ lotin: `${word} uz`, russian: `${word} ru`, english: `${word} en` });

function content() {
  return {
    identity: { first_name: text('Ali'), last_name: text('Valiyev'), role: text('Designer'), phone: '+998 90' },
    home: { greeting: text('Hello'), highlights: [{ value: '8+', label: text('years') }] },
    about: {
      experience: [
        { period: { from: 2020 }, title: text('Lead') },
        { period: { from: 2015, to: 2020 }, title: text('Junior') },
      ],
    },
    portfolio: {
      groups: [{ id: 'web', title: text('Web') }],
      items: [
        { id: 'shop', group: 'web', title: text('Shop') },
        { id: 'poster', group: 'web', title: text('Poster') },
      ],
    },
    footer: { description: text('<p>Hi</p>'), social_links: [] },
  };
}

type Content = ReturnType<typeof content>;

/** The contents made by applying each edit in turn to a copy of the previous one. */
function history(...edits: ((draft: Content) => void)[]): Content[] {
  return followedBy([content()], ...edits);
}

function followedBy(start: Content[], ...edits: ((draft: Content) => void)[]): Content[] {
  const contents = [...start];
  for (const edit of edits) {
    const next = structuredClone(contents.at(-1) as Content);
    edit(next);
    contents.push(next);
  }
  return contents;
}

const fieldsOf = (report: TranslationReport) => report.sections.flatMap((section) => section.fields);
const NO_MARKS = new Set<string>();

describe('the translation report', () => {
  it('reports nothing for content translated everywhere, and lists every section in order', () => {
    const report = translationReportOf(history(), NO_MARKS);
    expect(report.sections.map((section) => section.section)).toEqual([
      'identity',
      'home',
      'about',
      'portfolio',
      'footer',
    ]);
    expect(fieldsOf(report)).toEqual([]);
  });

  it('lists a field changed only in Uzbek as possibly out of date in Russian and English', () => {
    const report = translationReportOf(
      history((draft) => {
        draft.home.greeting.lotin = 'Assalomu alaykum';
      }),
      NO_MARKS,
    );
    expect(report.sections.find((section) => section.section === 'home')?.fields).toEqual([
      {
        key: 'home.greeting',
        path: 'home.greeting',
        missing: [],
        outdated: ['russian', 'english'],
        changedIn: ['lotin'],
      },
    ]);
  });

  it('clears a language once it follows, and keeps the edited language up to date meanwhile', () => {
    const edits = history(
      (draft) => {
        draft.home.greeting.lotin = 'Salom';
      },
      // A later step that changes something else keeps the field as it was.
      (draft) => {
        draft.identity.role.english = 'Designer!';
        draft.identity.role.russian = 'Дизайнер!';
        draft.identity.role.lotin = 'Dizayner!';
      },
      (draft) => {
        draft.home.greeting.russian = 'Привет';
      },
    );
    expect(fieldsOf(translationReportOf(edits, NO_MARKS))).toEqual([
      { key: 'home.greeting', path: 'home.greeting', missing: [], outdated: ['english'], changedIn: ['lotin'] },
    ]);
    const caughtUp = followedBy(edits, (draft) => {
      draft.home.greeting.english = 'Hi';
    });
    expect(fieldsOf(translationReportOf(caughtUp, NO_MARKS))).toEqual([]);
  });

  it('treats an edit of a language that was up to date as a new change the others must follow', () => {
    const report = translationReportOf(
      history(
        (draft) => {
          draft.home.greeting.lotin = 'Salom';
        },
        (draft) => {
          draft.home.greeting.russian = 'Привет';
          draft.home.greeting.english = 'Hi';
        },
        (draft) => {
          draft.home.greeting.english = 'Hello there';
        },
      ),
      NO_MARKS,
    );
    expect(fieldsOf(report)).toEqual([
      {
        key: 'home.greeting',
        path: 'home.greeting',
        missing: [],
        outdated: ['lotin', 'russian'],
        changedIn: ['english'],
      },
    ]);
  });

  it('names missing languages, and filling one in makes no other language look out of date', () => {
    const missing = history((draft) => {
      draft.about.experience[1] = {
        ...draft.about.experience[1],
        title: { lotin: 'Kichik', russian: ' ', english: '' },
      } as never;
    });
    expect(fieldsOf(translationReportOf(missing, NO_MARKS))).toEqual([
      {
        key: 'about.experience.1.title',
        path: 'about.experience.1.title',
        missing: ['russian', 'english'],
        outdated: [],
        changedIn: [],
      },
    ]);
    const filled = followedBy(missing, (draft) => {
      draft.about.experience[1] = {
        ...draft.about.experience[1],
        title: { lotin: 'Kichik', russian: 'Младший', english: 'Junior' },
      } as never;
    });
    expect(fieldsOf(translationReportOf(filled, NO_MARKS))).toEqual([]);
  });

  it('does not report a field missing in every language (that is a missing field, not a translation)', () => {
    const report = translationReportOf(
      history((draft) => {
        draft.identity.role = { lotin: '', russian: '', english: '' };
      }),
      NO_MARKS,
    );
    expect(fieldsOf(report)).toEqual([]);
  });

  it('leaves out the fields marked "same in every language" and lists them as marked', () => {
    const contents = history((draft) => {
      draft.identity.first_name.lotin = 'Alisher';
      draft.home.greeting.english = '';
    });
    const report = translationReportOf(contents, new Set(['identity.first_name']));
    expect(report.marked).toEqual([{ key: 'identity.first_name', path: 'identity.first_name' }]);
    expect(fieldsOf(report).map((field) => field.key)).toEqual(['home.greeting']);
  });

  it('follows a project by its id when it moves, and a new project starts with every language at once', () => {
    const report = translationReportOf(
      history(
        (draft) => {
          (draft.portfolio.items[1] as Content['portfolio']['items'][number]).title.lotin = 'Afisha';
        },
        (draft) => {
          draft.portfolio.items.reverse();
          draft.portfolio.items.push({ id: 'book', group: 'web', title: text('Book') });
        },
      ),
      new Set(),
    );
    expect(fieldsOf(report)).toEqual([
      {
        key: 'portfolio.items[poster].title',
        path: 'portfolio.items.0.title',
        missing: [],
        outdated: ['russian', 'english'],
        changedIn: ['lotin'],
      },
    ]);
  });

  it('needs only the previous content: adding contents one at a time gives the same report, and leaves the earlier history as it was', () => {
    const contents = history(
      (draft) => {
        draft.footer.description.russian = '<p>Привет</p>';
      },
      (draft) => {
        draft.home.greeting.english = 'Hey';
      },
    );
    const first = addContent(addContent(EMPTY_TRANSLATION_HISTORY, contents[0]), contents[1]);
    const before = translationReport(first, NO_MARKS);
    const last = addContent(first, contents[2]);
    expect(translationReport(first, NO_MARKS)).toEqual(before);
    expect(translationReport(last, NO_MARKS)).toEqual(translationReportOf(contents, NO_MARKS));
    expect(fieldsOf(translationReport(last, NO_MARKS)).map((field) => field.path)).toEqual([
      'home.greeting',
      'footer.description',
    ]);
  });

  it('accepts any JSON as a draft, however deep or odd', () => {
    let deep: unknown = { lotin: 'x' };
    for (let level = 0; level < 20_000; level++) deep = { next: deep };
    for (const draft of [
      null,
      7,
      [],
      { home: deep },
      { home: { greeting: { lotin: 5, russian: 'a' } } },
      { extra: text('x') },
    ]) {
      expect(() => translationReportOf([content(), draft], NO_MARKS)).not.toThrow();
    }
    expect(fieldsOf(translationReportOf([{ home: { greeting: { lotin: 5, russian: 'a' } } }], NO_MARKS))).toEqual([
      { key: 'home.greeting', path: 'home.greeting', missing: ['lotin', 'english'], outdated: [], changedIn: [] },
    ]);
  });
});
