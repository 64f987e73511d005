import { afterEach, describe, expect, it, vi } from 'vitest';
import { codeHighlighter, HIGHLIGHT_CLASSES, highlightedLanguage } from './highlight.js';

const LINE =
  'export async function load(id: string): Promise<Note | undefined> { return rows.find((row) => row.id === id); } // 42';

describe('codeHighlighter', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('gives the same tokens on a grammar’s first use as later (no time limit cuts a line short)', async () => {
    const highlighter = await codeHighlighter(['typescript']);
    const first = highlighter.tokens(LINE, 'ts');
    expect(highlighter.tokens(LINE, 'typescript')).toEqual(first);
    expect(
      first
        .flat()
        .map((token) => token.text)
        .join(''),
    ).toBe(LINE);
    expect(first.flat().find((token) => token.text === '// 42')?.classes).toEqual(['hl-comment']);
    for (const token of first.flat()) for (const name of token.classes) expect(HIGHLIGHT_CLASSES).toContain(name);
  });

  it('is let go after a quiet while, and made again when needed', async () => {
    vi.useFakeTimers();
    const before = await codeHighlighter(['python']);
    vi.advanceTimersByTime(10 * 60_000);
    expect(() => before.tokens('x = 1', 'py')).toThrow();
    const after = await codeHighlighter(['python']);
    expect(after.tokens('x = 1', 'py').flat().at(-1)).toEqual({ text: '1', classes: ['hl-number'] });
  });

  it('leaves a language it does not know plain', async () => {
    const highlighter = await codeHighlighter([]);
    expect(highlighter.tokens('a <b>\n\nc', 'mermaid')).toEqual([
      [{ text: 'a <b>', classes: [] }],
      [],
      [{ text: 'c', classes: [] }],
    ]);
  });
});

describe('highlightedLanguage', () => {
  it('knows the grammars’ names and aliases, and nothing else', () => {
    expect(
      ['ts', 'tsx', 'js', 'sh', 'bash', 'shell', 'py', 'yml', 'md', 'rs', 'kt', 'swift'].map(highlightedLanguage),
    ).toEqual([
      'typescript',
      'tsx',
      'javascript',
      'shellscript',
      'shellscript',
      'shellscript',
      'python',
      'yaml',
      'markdown',
      'rust',
      'kotlin',
      'swift',
    ]);
    for (const name of ['text', 'mermaid', '__proto__', 'constructor', 'toString', 'TS'])
      expect(highlightedLanguage(name)).toBeUndefined();
  });
});
