import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { billionLaughs } from '../test/alias-bomb.js';
import { sampleContent, writeContentDir } from '../test/sample-content.js';
import { ContentError, loadContent } from './load-content.js';

describe('loadContent', () => {
  let dir: string;
  beforeEach(() => {
    dir = path.join(mkdtempSync(path.join(tmpdir(), 'sahifa-content-')), 'content');
  });
  afterEach(() => rmSync(path.dirname(dir), { recursive: true, force: true }));

  const loadWith = (change: (content: ReturnType<typeof sampleContent>) => void) => {
    const content = sampleContent();
    change(content);
    writeContentDir(dir, content);
    return () => loadContent(dir);
  };

  it('reads a valid site', () => {
    writeContentDir(dir);
    expect(loadContent(dir)).toEqual(sampleContent());
  });

  it('accepts the demo site shipped in content/', () => {
    expect(() => loadContent(path.resolve('content'))).not.toThrow();
  });

  it.each([
    [
      'a missing language',
      (c) => Reflect.deleteProperty(c.home.greeting, 'russian'),
      'home.yaml: greeting.russian: missing',
    ],
    [
      'a level over 100',
      (c) => {
        c.about.skills.design[0] = { name: 'Figma', level: 120 };
      },
      'about.yaml: skills.design[0].level: must be at most 100',
    ],
    [
      'an unknown group',
      (c) => {
        if (c.portfolio.items[0]) c.portfolio.items[0].group = 'print';
      },
      'portfolio.yaml: items[0].group: no group has the id "print"',
    ],
    [
      'a javascript: link',
      (c) => {
        c.footer.social_links[0] = { url: 'javascript:alert(1)', icon: 'x' };
      },
      'footer.yaml: social_links[0].url: use a full https:// or mailto: address',
    ],
    [
      'an unknown field',
      (c) => Object.assign(c.identity, { nickname: 'A' }),
      'identity.yaml: nickname: unknown key (misspelt, or not a field here?)',
    ],
    [
      'a link with a broken % escape',
      (c) => {
        c.footer.social_links[0] = { url: 'https://example.com/%E0%A4%A', icon: 'github' };
      },
      'footer.yaml: social_links[0].url: has a broken address: a space, or a % that does not start an escape such as %20',
    ],
    [
      'a missing picture',
      (c) => {
        c.home.photo = 'nobody.png';
      },
      'home.yaml: photo: no file {dir}/images/nobody.png',
    ],
    [
      'a period that ends before it starts',
      (c) => {
        if (c.about.education[0]) c.about.education[0].period = { from: 2018, to: 2014 };
      },
      'about.yaml: education[0].period.to: "to" must not be before "from"',
    ],
  ] as [string, (content: ReturnType<typeof sampleContent>) => void, string][])(
    'stops on %s, naming the file (where it is), the field and the problem in one line',
    (_name, change, message) => {
      const load = loadWith(change);
      expect(load).toThrow(ContentError);
      expect(load).toThrow(new ContentError([`${dir}/${message.replace('{dir}', dir)}`]));
    },
  );

  it('reports every problem of every file at once', () => {
    const load = loadWith((c) => {
      Object.assign(c.identity, { rol: c.identity.role, nmae: 'x' });
      Reflect.deleteProperty(c.identity, 'role');
      c.about.skills.design[0] = { name: '', level: -1 };
      c.home.photo = 'nobody.png';
    });
    expect(load).toThrow(
      [
        '6 problems in the content files:',
        `  ${dir}/identity.yaml: role: missing`,
        `  ${dir}/identity.yaml: rol: unknown key (misspelt, or not a field here?)`,
        `  ${dir}/identity.yaml: nmae: unknown key (misspelt, or not a field here?)`,
        `  ${dir}/about.yaml: skills.design[0].name: is empty`,
        `  ${dir}/about.yaml: skills.design[0].level: must be at least 0`,
        `  ${dir}/home.yaml: photo: no file ${dir}/images/nobody.png`,
      ].join('\n'),
    );
  });

  it('names a content folder that does not exist, in full', () => {
    expect(() => loadContent('/tmp/sahifa-no-such-folder')).toThrow(
      'the content folder /tmp/sahifa-no-such-folder does not exist: set CONTENT_DIR to the folder with your .yaml files',
    );
  });

  it('shows paths inside the working folder as the owner typed them', () => {
    const load = () => loadContent(path.resolve('src/server/content'));
    expect(load).toThrow('src/server/content/identity.yaml: the file is missing');
  });

  it('names a missing file and a YAML syntax error with its line', () => {
    writeContentDir(dir);
    rmSync(path.join(dir, 'footer.yaml'));
    expect(() => loadContent(dir)).toThrow(`${dir}/footer.yaml: the file is missing`);
    writeContentDir(dir);
    writeFileSync(path.join(dir, 'about.yaml'), 'custom_text:\n  lotin: "unclosed\n');
    expect(() => loadContent(dir)).toThrow(/about\.yaml at line \d+, column \d+: not valid YAML/);
  });

  // Issue 25, item 9: yaml refuses to expand more aliases than its limit, which threw past this check.
  it('names a YAML alias bomb as a bad file, in one line, with no stack trace', () => {
    writeContentDir(dir);
    writeFileSync(path.join(dir, 'home.yaml'), billionLaughs());
    let thrown: unknown;
    try {
      loadContent(dir);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ContentError);
    expect((thrown as ContentError).problems).toEqual([
      `${dir}/home.yaml: not valid YAML (Excessive alias count indicates a resource exhaustion attack)`,
    ]);
  });

  it('names keys every object inherits (toString, constructor, __proto__) as unknown', () => {
    writeContentDir(dir);
    const home = readFileSync(path.join(dir, 'home.yaml'), 'utf8');
    writeFileSync(path.join(dir, 'home.yaml'), `${home}toString: 1\nconstructor: 2\n__proto__:\n  greeting: 3\n`);
    expect(() => loadContent(dir)).toThrow(
      [
        '3 problems in the content files:',
        `  ${dir}/home.yaml: toString: unknown key (misspelt, or not a field here?)`,
        `  ${dir}/home.yaml: constructor: unknown key (misspelt, or not a field here?)`,
        `  ${dir}/home.yaml: __proto__: unknown key (misspelt, or not a field here?)`,
      ].join('\n'),
    );
  });
});
