import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
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
      'content/home.yaml: greeting.russian: ',
    ],
    [
      'a level over 100',
      (c) => {
        c.about.skills.design[0] = { name: 'Figma', level: 120 };
      },
      'content/about.yaml: skills.design[0].level: Too big',
    ],
    [
      'an unknown group',
      (c) => {
        if (c.portfolio.items[0]) c.portfolio.items[0].group = 'print';
      },
      'content/portfolio.yaml: items[0].group: no group has the id "print"',
    ],
    [
      'a javascript: link',
      (c) => {
        c.footer.social_links[0] = { url: 'javascript:alert(1)', icon: 'x' };
      },
      'content/footer.yaml: social_links[0].url: use a full https:// or mailto: address',
    ],
    [
      'an unknown field',
      (c) => Object.assign(c.identity, { nickname: 'A' }),
      'content/identity.yaml: (the whole file): Unrecognized key: "nickname"',
    ],
    [
      'a missing picture',
      (c) => {
        c.home.photo = 'nobody.png';
      },
      'content/home.yaml: photo: no file content/images/nobody.png',
    ],
    [
      'a period that ends before it starts',
      (c) => {
        if (c.about.education[0]) c.about.education[0].period = { from: 2018, to: 2014 };
      },
      'content/about.yaml: education[0].period.to: "to" must not be before "from"',
    ],
  ] as [string, (content: ReturnType<typeof sampleContent>) => void, string][])(
    'stops on %s, naming the file, the field and the problem',
    (_name, change, message) => {
      const load = loadWith(change);
      expect(load).toThrow(ContentError);
      expect(load).toThrow(message);
    },
  );

  it('names a missing file and a YAML syntax error with its line', () => {
    writeContentDir(dir);
    rmSync(path.join(dir, 'footer.yaml'));
    expect(() => loadContent(dir)).toThrow('content/footer.yaml: the file is missing');
    writeContentDir(dir);
    writeFileSync(path.join(dir, 'about.yaml'), 'custom_text:\n  lotin: "unclosed\n');
    expect(() => loadContent(dir)).toThrow(/^content\/about\.yaml at line \d+, column \d+: not valid YAML/);
  });
});
