import { describe, expect, it } from 'vitest';
import type { Locale } from '../../shared/locales.js';
import type { Collection, EntryContent, NoteContent, ProjectContent } from '../../shared/schemas/collections.js';
import { billionLaughs } from '../test/alias-bomb.js';
import { parseEntryFiles, serializeEntry } from './entry-files.js';

function note(change: (note: NoteContent) => void = () => {}): NoteContent {
  const value: NoteContent = {
    slug: 'first-note',
    status: 'published',
    date: '2026-11-20',
    tags: ['design', 'a11y'],
    text: {
      lotin: { title: 'Birinchi yozuv', summary: 'Qisqacha.', body: 'Salom, dunyo.' },
      russian: { title: 'Первая заметка', summary: 'Кратко.', body: 'Привет, мир.' },
    },
  };
  change(value);
  return value;
}

function project(change: (project: ProjectContent) => void = () => {}): ProjectContent {
  const value: ProjectContent = {
    slug: 'oqim-bank',
    status: 'published',
    date: '2026-03-14T09:30:00+05:00',
    tags: ['Figma', 'React Native'],
    cover: 'portfolio/oqim-bank.svg',
    group: 'mobile',
    year: 2025,
    stack: ['TypeScript', 'React Native', 'Node.js'],
    links: { live: 'https://example.com/oqim', case_study: 'https://example.com/oqim/case' },
    gallery: [
      {
        image: 'portfolio/oqim-1.png',
        caption: { lotin: 'Bosh ekran', russian: 'Главный экран', english: 'The home screen' },
      },
      {
        image: 'portfolio/oqim-2.webp',
        caption: { lotin: 'Toʻlov: ikki bosish', russian: 'Платёж: «два касания»', english: 'A payment: "two taps"' },
      },
    ],
    text: {
      lotin: {
        title: 'Oqim mobil banki',
        summary: 'Bank ilovasi.',
        role: 'Yetakchi dizayner',
        cover_alt: 'Telefon ekrani',
        body: '## Vazifa\n\nMatn.\n\n- bir\n- ikki',
      },
      russian: {
        title: 'Мобильный банк Oqim',
        summary: 'Банковское приложение.',
        role: 'Ведущий дизайнер',
        cover_alt: 'Экран телефона',
        body: '## Задача\n\nТекст.',
      },
      english: {
        title: 'Oqim mobile bank',
        summary: 'A banking app.',
        role: 'Lead designer',
        cover_alt: 'A phone screen',
        body: '## The task\n\nText.',
      },
    },
  };
  change(value);
  return value;
}

function roundTrip<Name extends Collection>(collection: Name, content: EntryContent<Name>) {
  const files = serializeEntry(collection, content);
  const parsed = parseEntryFiles(collection, content.slug, files);
  if (!('content' in parsed)) throw new Error(parsed.problems.join('\n'));
  return { files, parsed: parsed.content, again: serializeEntry(collection, parsed.content) };
}

function problemsOf<Name extends Collection>(
  collection: Name,
  slug: string,
  files: Partial<Record<Locale, string>>,
): string[] {
  const parsed = parseEntryFiles(collection, slug, files);
  if ('content' in parsed) throw new Error('expected problems, the files were read');
  return parsed.problems;
}

describe('serializeEntry', () => {
  it('writes a file per language: front matter in a fixed order, a blank line, the body', () => {
    const files = serializeEntry(
      'notes',
      note((n) => (n.tags = [])),
    );
    expect(Object.keys(files)).toEqual(['lotin', 'russian']);
    expect(files.russian).toBe(
      '---\ntitle: Первая заметка\nsummary: Кратко.\nstatus: published\ndate: 2026-11-20\ntags: []\n---\n\nПривет, мир.\n',
    );
  });

  it("writes a project's shared fields in every file and each language's own words in its own", () => {
    const files = serializeEntry('projects', project());
    expect(files.english).toBe(
      [
        '---',
        'title: Oqim mobile bank',
        'summary: A banking app.',
        'role: Lead designer',
        'status: published',
        'date: 2026-03-14T09:30:00+05:00',
        'tags: [Figma, React Native]',
        'cover: portfolio/oqim-bank.svg',
        'cover_alt: A phone screen',
        'group: mobile',
        'year: 2025',
        'stack: [TypeScript, React Native, Node.js]',
        'links:',
        '  live: https://example.com/oqim',
        '  case_study: https://example.com/oqim/case',
        'gallery:',
        '  - image: portfolio/oqim-1.png',
        '    caption: The home screen',
        '  - image: portfolio/oqim-2.webp',
        `    caption: 'A payment: "two taps"'`,
        '---',
        '',
        '## The task',
        '',
        'Text.',
        '',
      ].join('\n'),
    );
    expect(files.lotin).toContain('    caption: "Toʻlov: ikki bosish"\n');
  });
});

describe('parseEntryFiles then serializeEntry', () => {
  it.each<[string, () => NoteContent]>([
    ['a note in two languages', () => note()],
    ['empty tags', () => note((n) => (n.tags = []))],
    [
      'multi-line Markdown with --- lines, code and a table',
      () =>
        note((n) => {
          if (!n.text.lotin) return;
          n.text.lotin.body = [
            'Birinchi paragraf.',
            '',
            '---',
            '',
            '## Sarlavha',
            '',
            '```ts',
            "const a: string = 'b';",
            '---',
            '```',
            '',
            '| a | b |',
            '| - | - |',
            '| 1 | 2 |',
            '',
            '---',
          ].join('\n');
        }),
    ],
    [
      'quotes, colons and hashes in the titles',
      () =>
        note((n) => {
          n.text.english = {
            title: 'Design: "systems" that\'s it # not a comment',
            summary: '- a dash first, then: colons: and [brackets] {braces}',
            body: 'Text',
          };
          if (n.text.russian) n.text.russian.title = '«Кавычки»: и двоеточие — тоже';
        }),
    ],
    [
      'titles that YAML would read as other things',
      () =>
        note((n) => {
          n.tags = ['2026', 'yes', 'null', 'true', '~', '1.5', '@at', '*star', '&amp', '!bang', "'q'"];
          if (n.text.lotin) n.text.lotin.title = '2026';
          if (n.text.russian) n.text.russian.summary = 'null';
        }),
    ],
    [
      'a body that starts with blank lines and ends with several line ends',
      () =>
        note((n) => {
          if (n.text.lotin) n.text.lotin.body = '\n\nText after two blank lines\n\n\n';
        }),
    ],
    [
      'an empty body',
      () =>
        note((n) => {
          if (n.text.russian) n.text.russian.body = '';
        }),
    ],
    [
      'a body with only a --- line and one that starts with ---',
      () =>
        note((n) => {
          if (n.text.lotin) n.text.lotin.body = '---';
          if (n.text.russian) n.text.russian.body = '---\ntitle: not front matter\n---\n\nText';
        }),
    ],
    [
      'a multi-line summary, a cover and a draft dated with a time and offset',
      () =>
        note((n) => {
          n.status = 'draft';
          n.date = '2026-11-30T23:59:59.500-03:30';
          n.cover = 'notes/cover.webp';
          for (const texts of Object.values(n.text)) texts.cover_alt = 'Muqova: rasm';
          if (n.text.lotin) n.text.lotin.summary = 'Birinchi qator\nikkinchi qator';
        }),
    ],
    [
      'only one language, with long lines that must not fold',
      () =>
        note((n) => {
          n.text = {
            english: {
              title: 'word '.repeat(39).trim(),
              summary: 'A long summary '.repeat(30).trim(),
              body: 'A very long line of Markdown '.repeat(40),
            },
          };
        }),
    ],
  ])('gives back the same content and bytes: %s', (_name, make) => {
    const content = make();
    const { files, parsed, again } = roundTrip('notes', content);
    expect(parsed).toEqual(content);
    expect(again).toEqual(files);
  });

  it.each<[string, () => ProjectContent]>([
    ['a project with a gallery and links', () => project()],
    [
      'a project without gallery, links, stack, cover or role, in one language',
      () =>
        project((p) => {
          p.gallery = [];
          p.links = {};
          p.stack = [];
          p.tags = [];
          delete p.cover;
          p.text = { russian: { title: 'Проект: «Ташкент»', summary: 'Кратко', body: '# Заголовок\n\nТекст' } };
        }),
    ],
    [
      'a project with every link kind',
      () =>
        project((p) => {
          p.links = {
            live: 'https://example.com/a',
            code: 'https://example.com/b?x=1&y=2',
            case_study: 'http://example.com/c#d',
          };
        }),
    ],
  ])('gives back the same content and bytes: %s', (_name, make) => {
    const content = make();
    const { files, parsed, again } = roundTrip('projects', content);
    expect(parsed).toEqual(content);
    expect(again).toEqual(files);
  });

  it('gives back the same content and bytes for 300 entries made of awkward characters', () => {
    // A small fixed-seed generator, so a failure is the same on every run.
    let seed = 27;
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const pieces = [
      'a',
      'Oʻ',
      'gʻ',
      'Ж',
      'ё',
      ' ',
      ':',
      ': ',
      ' #',
      '"',
      "'",
      '---',
      '- ',
      '[',
      ']',
      '{',
      '}',
      ',',
      '&',
      '*',
      '!',
      '|',
      '>',
      '%',
      '@',
      '`',
      '\\',
      '\t',
      '\n',
      '\n---\n',
      '…',
      '—',
      '😀',
      'null',
      'true',
      '1',
      '0x1F',
      '.5',
    ];
    const text = (length: number) =>
      Array.from({ length }, () => pieces[Math.floor(random() * pieces.length)]).join('');
    const words = (length: number) => text(length).trim() || 'x';
    for (let run = 0; run < 300; run++) {
      const content = project((p) => {
        p.tags = Array.from({ length: Math.floor(random() * 4) }, () => words(3).slice(0, 40).trim() || 'x');
        p.stack = Array.from({ length: Math.floor(random() * 3) }, () => words(2).slice(0, 40).trim() || 'x');
        for (const texts of Object.values(p.text)) {
          texts.title = words(1 + Math.floor(random() * 12));
          texts.summary = words(1 + Math.floor(random() * 30));
          texts.role = words(4);
          texts.body = text(Math.floor(random() * 60));
        }
        for (const item of p.gallery) {
          for (const locale of ['lotin', 'russian', 'english'] as const) item.caption[locale] = words(5);
        }
      });
      const { files, parsed, again } = roundTrip('projects', content);
      expect(parsed).toEqual(content);
      expect(again).toEqual(files);
    }
  });

  it('reads a file with Windows line ends, a byte-order mark, no blank line after the front matter and no last line end', () => {
    const parsed = parseEntryFiles('notes', 'hello', {
      english:
        '\uFEFF---\r\ntitle: Hello\r\nsummary: Hi\r\nstatus: draft\r\ndate: 2026-01-02\r\n---\r\nBody line\r\nnext',
    });
    expect(parsed).toEqual({
      content: {
        slug: 'hello',
        status: 'draft',
        date: '2026-01-02',
        tags: [],
        text: { english: { title: 'Hello', summary: 'Hi', body: 'Body line\nnext' } },
      },
    });
  });

  it('takes left-out tags, stack, links and gallery as none', () => {
    const parsed = parseEntryFiles('projects', 'p', {
      lotin: '---\ntitle: T\nsummary: S\nstatus: published\ndate: 2026-01-02\ngroup: web\nyear: 2024\n---\n\nB\n',
    });
    expect(parsed).toMatchObject({ content: { tags: [], stack: [], links: {}, gallery: [] } });
  });
});

describe('parseEntryFiles: problems', () => {
  const good = (change = '') =>
    `---\ntitle: T\nsummary: S\nstatus: published\ndate: 2026-01-02\ntags: [a]\n${change}---\n\nBody\n`;

  it('names the file when there is no front matter, or it is not closed', () => {
    expect(problemsOf('notes', 'n', { lotin: 'Just text\n', russian: '---\ntitle: T\n' })).toEqual([
      'notes/n/lotin.md: no front matter: begin the file with a line of three dashes (---), the fields, and another --- line before the text',
      'notes/n/russian.md: the front matter is not closed: end the fields with a line of three dashes (---)',
    ]);
  });

  it('wants the front matter to be fields', () => {
    expect(problemsOf('notes', 'n', { lotin: '---\n- a\n- b\n---\n\nB\n', english: '---\n---\n\nB\n' })).toEqual([
      'notes/n/lotin.md: the front matter should be fields, one "name: value" a line (title, summary, status, date…)',
      'notes/n/english.md: the front matter should be fields, one "name: value" a line (title, summary, status, date…)',
    ]);
  });

  it("counts a YAML error's line in the whole file", () => {
    expect(problemsOf('notes', 'n', { lotin: '---\ntitle: T\nsummary: [unclosed\n---\n\nB\n' })).toEqual([
      expect.stringMatching(/^notes\/n\/lotin\.md at line 4, column \d+: not valid YAML \(/),
    ]);
  });

  it('refuses a YAML alias bomb in one line naming the file', () => {
    const problems = problemsOf('notes', 'n', { russian: `---\n${billionLaughs()}---\n\nB\n` });
    expect(problems).toEqual([
      'notes/n/russian.md: not valid YAML (Excessive alias count indicates a resource exhaustion attack)',
    ]);
  });

  it('names an unknown key, a field of the wrong kind and a missing one, each in its file', () => {
    const problems = problemsOf('notes', 'n', {
      lotin: good('titel: X\n'),
      russian: '---\nsummary: S\nstatus: published\ndate: 2026-01-02\ntags: [a]\n---\n\nBody\n',
    });
    expect(problems).toEqual([
      'notes/n/lotin.md: titel: unknown key (misspelt, or not a field here?)',
      'notes/n/russian.md: title: missing',
    ]);
    expect(problemsOf('notes', 'n', { english: good().replace('date: 2026-01-02', 'date: yesterday') })).toEqual([
      expect.stringMatching(/^notes\/n\/english\.md: date: /),
    ]);
    expect(problemsOf('notes', 'n', { english: good('group: web\n') })).toEqual([
      'notes/n/english.md: group: unknown key (misspelt, or not a field here?)',
    ]);
  });

  it('names both files and the field when shared fields disagree', () => {
    const problems = problemsOf('notes', 'n', {
      lotin: good(),
      english: good().replace('date: 2026-01-02', 'date: 2026-01-03').replace('tags: [a]\n', ''),
    });
    expect(problems).toEqual([
      'notes/n/lotin.md and notes/n/english.md: date: the files differ (2026-01-02, 2026-01-03); a field every language shares must be the same in each file',
      'notes/n/lotin.md and notes/n/english.md: tags: the files differ (["a"], []); a field every language shares must be the same in each file',
    ]);
  });

  it("names the gallery's pictures when files disagree, and a missing caption in its language's file", () => {
    const files = serializeEntry('projects', project());
    const russian = (files.russian ?? '').replace('portfolio/oqim-2.webp', 'portfolio/other.webp');
    const english = (files.english ?? '').replace('    caption: The home screen\n', '');
    expect(problemsOf('projects', 'oqim-bank', { ...files, russian, english })).toEqual([
      expect.stringMatching(
        /^projects\/oqim-bank\/lotin\.md and projects\/oqim-bank\/russian\.md: gallery: the pictures differ \(/,
      ),
      'projects/oqim-bank/english.md: gallery[0].caption: give the picture a caption in every language the project has',
    ]);
  });

  it("names the cover's missing description in the file that lacks it", () => {
    const files = serializeEntry('projects', project());
    const russian = (files.russian ?? '').replace('cover_alt: Экран телефона\n', '');
    expect(problemsOf('projects', 'oqim-bank', { ...files, russian })).toEqual([
      'projects/oqim-bank/russian.md: cover_alt: describe the cover',
    ]);
  });

  it('names a body that is too long, and a bad link', () => {
    const files = serializeEntry('projects', project());
    const lotin = `${(files.lotin ?? '').replace('https://example.com/oqim\n', 'javascript:alert(1)\n')}${'x'.repeat(100_001)}`;
    expect(problemsOf('projects', 'oqim-bank', { ...files, lotin })).toEqual([
      expect.stringMatching(
        /^projects\/oqim-bank\/lotin\.md and projects\/oqim-bank\/russian\.md: links: the files differ/,
      ),
      expect.stringMatching(
        /^projects\/oqim-bank\/lotin\.md and projects\/oqim-bank\/english\.md: links: the files differ/,
      ),
      expect.stringMatching(/^projects\/oqim-bank\/lotin\.md: links\.live: use a full http\(s\):\/\/ address/),
      'projects/oqim-bank/lotin.md: the text below the front matter: is too long: at most 100000 characters',
    ]);
  });

  it("checks the folder's name as the slug, and wants a language's file", () => {
    expect(problemsOf('notes', 'Bad_Slug', { lotin: good() })).toEqual([
      "notes/Bad_Slug: the folder's name is the entry's address (its slug): use lowercase letters, digits and single dashes (a-z, 0-9, -), at most 80",
    ]);
    expect(problemsOf('notes', 'empty', {})).toEqual([
      "notes/empty: no language's file: write at least one of lotin.md, russian.md, english.md",
    ]);
  });

  it('names files under the folder it is given', () => {
    const parsed = parseEntryFiles('notes', 'n', { lotin: 'x' }, { folder: 'content/notes/n' });
    expect(parsed).toEqual({ problems: [expect.stringMatching(/^content\/notes\/n\/lotin\.md: no front matter/)] });
  });
});
