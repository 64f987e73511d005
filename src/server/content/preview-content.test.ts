import { describe, expect, it } from 'vitest';
import { LOCALES } from '../../shared/locales.js';
import { sampleContent } from '../test/sample-content.js';
import { markPreview, PREVIEW_MARKER_TEXTS, previewContent } from './preview-content.js';

const keysOf = (tree: object, prefix = ''): string[] =>
  Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'object' && value !== null ? keysOf(value, `${prefix}${key}.`) : [`${prefix}${key}`],
  );

describe('the draft made renderable for the preview', () => {
  it('has the same marker words in every language', () => {
    const lotin = keysOf(PREVIEW_MARKER_TEXTS.lotin).sort();
    for (const locale of LOCALES) expect(keysOf(PREVIEW_MARKER_TEXTS[locale]).sort(), locale).toEqual(lotin);
  });

  it('marks texts, takes other values from the published version, and leaves out what still does not fit', () => {
    const draft = sampleContent() as unknown as {
      home: { greeting: Record<string, unknown> };
      identity: Record<string, unknown>;
      about: { skills: { design: { level: unknown }[] } };
      portfolio: { items: Record<string, unknown>[] };
    };
    draft.home.greeting.english = '';
    draft.home.greeting.russian = 'x'.repeat(2_001);
    draft.identity.email = 'not an address';
    draft.about.skills.design[0] = { ...draft.about.skills.design[0], level: 500 };
    const [item] = draft.portfolio.items;
    draft.portfolio.items.push({ ...item, id: 'new', year: 'soon' });

    const { content, markers, replaced } = previewContent(draft, sampleContent());
    expect(markers).toEqual([
      { field: 'home.greeting.russian', kind: 'invalid' },
      { field: 'home.greeting.english', kind: 'missing' },
    ]);
    expect(content.home.greeting.english).toBe('\uE0001\uE001');
    expect(content.home.greeting.lotin).toBe('Hello (lotin)');
    // An optional value that is not valid is left out; a number comes from the published version.
    expect(content.identity.email).toBe('owner@example.com');
    expect(content.about.skills.design[0]?.level).toBe(90);
    // A new project whose year nothing can stand in for is left out, and said so.
    expect(content.portfolio.items.map(({ id }) => id)).toEqual(['shop']);
    expect(replaced).toContain('portfolio.items.1');
  });

  it('never lets an owner-typed marker character through, nor turns it into a marker', () => {
    const draft = sampleContent();
    draft.home.greeting.english = 'Hi \uE0000\uE001 there';
    const preview = previewContent(draft, sampleContent());
    expect(preview.markers).toEqual([]);
    expect(preview.content.home.greeting.english).toBe('Hi 0 there');
  });

  it('shows the published section when the draft has none, or one that is not an object', () => {
    const published = sampleContent();
    const { content, replaced } = previewContent({ home: 'text', about: [] }, published);
    expect(content).toEqual(published);
    expect(replaced).toEqual(['identity', 'home', 'about', 'portfolio', 'footer']);
    expect(previewContent(null, published).content).toEqual(published);
  });

  it('writes a marker as escaped words in the head and in attributes, as an element in the text', () => {
    const draft = sampleContent();
    draft.home.greeting.english = '';
    const preview = previewContent(draft, sampleContent());
    const token = '\uE0000\uE001';
    const html = `<html><head><title>${token} | Site</title><meta content="${token}"></head><body class="x"><h1 title="${token}" data-x="a">${token}</h1><p>half \uE000 of one</p></body></html>`;
    const marked = markPreview(html, preview, 'english');
    expect(marked).toContain('<title>Missing: English text | Site</title>');
    expect(marked).toContain('<meta content="Missing: English text">');
    expect(marked).toContain(
      '<h1 title="Missing: English text" data-x="a"><mark class="sahifa-preview-marker" data-field="home.greeting.english" data-kind="missing">Missing: English text</mark></h1>',
    );
    expect(marked).toContain('<p>half  of one</p>');
    expect(marked).not.toContain('sahifa-preview-note');
    expect(markPreview(html, { ...preview, replaced: ['home'] }, 'russian')).toMatch(
      /<body class="x"><p class="sahifa-preview-note" role="note">Предпросмотр черновика/,
    );
  });
});
