import { describe, expect, it } from 'vitest';
import { compareContent } from './content-compare.js';

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
      skills: { knowledge: [text('Figma'), text('Print')] },
    },
    portfolio: {
      groups: [
        { id: 'web', title: text('Web') },
        { id: 'print', title: text('Print') },
      ],
      items: [
        { id: 'shop', group: 'web', title: text('Shop'), tags: ['react'] },
        { id: 'poster', group: 'print', title: text('Poster'), tags: [] },
        { id: 'book', group: 'print', title: text('Book'), tags: [] },
      ],
    },
    footer: { description: text('<p>Hi</p>'), social_links: [] },
  };
}

const changesOf = (before: unknown, after: unknown) =>
  Object.fromEntries(compareContent(before, after).map(({ section, changes }) => [section, changes]));

describe('compareContent', () => {
  it('finds nothing between equal contents, and lists every section', () => {
    expect(compareContent(content(), content())).toEqual([
      { section: 'identity', changes: [] },
      { section: 'home', changes: [] },
      { section: 'about', changes: [] },
      { section: 'portfolio', changes: [] },
      { section: 'footer', changes: [] },
    ]);
  });

  it('names a translated field once, with the languages whose text changed', () => {
    const after = content();
    after.home.greeting.russian = 'Привет';
    after.identity.role.lotin = 'Dizayner';
    after.identity.role.english = 'Art director';
    const changes = changesOf(content(), after);
    expect(changes.home).toEqual([
      {
        path: 'home.greeting',
        kind: 'changed',
        languages: ['russian'],
        before: text('Hello'),
        after: after.home.greeting,
      },
    ]);
    expect(changes.identity).toEqual([
      expect.objectContaining({ path: 'identity.role', kind: 'changed', languages: ['lotin', 'english'] }),
    ]);
  });

  it('names a language missing from a draft, and plain fields added, removed or changed', () => {
    const draft = content() as Record<string, unknown> & ReturnType<typeof content>;
    draft.footer.description = { lotin: '<p>Salom</p>', russian: text('<p>Hi</p>').russian } as never;
    (draft.identity as Record<string, unknown>).phone = undefined;
    delete (draft.identity as Record<string, unknown>).phone;
    (draft.identity as Record<string, unknown>).email = 'ali@example.com';
    draft.portfolio.items[0] = { ...draft.portfolio.items[0], tags: ['react', 'vite'] } as never;
    const changes = changesOf(content(), draft);
    expect(changes.footer).toEqual([
      expect.objectContaining({ path: 'footer.description', languages: ['lotin', 'english'] }),
    ]);
    expect(changes.identity).toEqual([
      { path: 'identity.phone', kind: 'removed', before: '+998 90' },
      { path: 'identity.email', kind: 'added', after: 'ali@example.com' },
    ]);
    expect(changes.portfolio).toEqual([{ path: 'portfolio.items.0.tags.1', kind: 'added', after: 'vite' }]);
  });

  it('reads one item added at the top of a list as one addition, and pairs an edited item by its place', () => {
    const after = content();
    const added = { period: { from: 2024 }, title: text('Director') };
    after.about.experience.unshift(added);
    after.about.skills.knowledge[1] = { ...text('Print'), english: 'Printing' };
    expect(changesOf(content(), after).about).toEqual([
      { path: 'about.experience.0', kind: 'added', after: added },
      expect.objectContaining({ path: 'about.skills.knowledge.1', kind: 'changed', languages: ['english'] }),
    ]);
  });

  it('removes list items by their place in the older content', () => {
    const after = content();
    after.about.experience.shift();
    after.home.highlights = [];
    const changes = changesOf(content(), after);
    expect(changes.about).toEqual([expect.objectContaining({ path: 'about.experience.0', kind: 'removed' })]);
    expect(changes.home).toEqual([
      { path: 'home.highlights.0', kind: 'removed', before: { value: '8+', label: text('years') } },
    ]);
  });

  it('follows items with an id when they move, and reports their own changes at the new place', () => {
    const after = content();
    const [shop, poster, book] = after.portfolio.items as [
      (typeof after.portfolio.items)[0],
      (typeof after.portfolio.items)[0],
      (typeof after.portfolio.items)[0],
    ];
    book.title.english = 'A book';
    after.portfolio.items = [book, shop, poster];
    after.portfolio.groups.pop();
    expect(changesOf(content(), after).portfolio).toEqual([
      { path: 'portfolio.groups.1', kind: 'removed', before: { id: 'print', title: text('Print') } },
      { path: 'portfolio.items.0', kind: 'moved', fromPath: 'portfolio.items.2' },
      expect.objectContaining({ path: 'portfolio.items.0.title', kind: 'changed', languages: ['english'] }),
    ]);
  });

  it('compares anything a draft may hold without failing: other types, unknown sections, deep nesting', () => {
    const deep: Record<string, unknown> = {};
    let cursor = deep;
    for (let level = 0; level < 20_000; level++) {
      cursor.next = {};
      cursor = cursor.next as Record<string, unknown>;
    }
    const draft = { ...content(), home: 'not an object', extra: deep };
    const changes = changesOf(content(), draft);
    expect(changes.home).toEqual([{ path: 'home', kind: 'changed', before: content().home, after: 'not an object' }]);
    expect(changes.extra).toEqual([{ path: 'extra', kind: 'added', after: deep }]);
    expect(changesOf(deep, { next: deep }).next?.[0]).toMatchObject({ kind: 'changed' });
    expect(compareContent(null, [1, 2])).toEqual([]);
    const long = Array.from({ length: 5_000 }, (_, index) => index);
    expect(changesOf({ home: long }, { home: [-1, ...long] }).home?.length).toBe(5_001);
  });
});
