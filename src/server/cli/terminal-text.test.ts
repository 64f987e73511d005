import { describe, expect, it } from 'vitest';
import { terminalLine, terminalText } from './terminal-text.js';

describe('text for the terminal', () => {
  it('escapes ESC, BEL, DEL, C1 controls and bidirectional overrides, and leaves other text alone', () => {
    expect(terminalLine('Evil\u001b]52;c;aGk=\u0007 \u009b31m\u007f \u202egpj.exe')).toBe(
      'Evil\\u001b]52;c;aGk=\\u0007 \\u009b31m\\u007f \\u202egpj.exe',
    );
    expect(terminalLine('Oʻzbekcha, Русский — “quotes” 😀')).toBe('Oʻzbekcha, Русский — “quotes” 😀');
  });

  it('keeps the lines and tabs of a message, but not in a single line', () => {
    expect(terminalText('one\n\ttwo\r\n\u001b[2J')).toBe('one\n\ttwo\\u000d\n\\u001b[2J');
    expect(terminalLine('one\ntwo\t')).toBe('one\\u000atwo\\u0009');
  });

  it('leaves JSON valid, its lines included', () => {
    const json = JSON.stringify({ path: '/\u001b\u009b\u202e\n' }, null, 2);
    expect(terminalText(json)).not.toMatch(/[\u0080-\u009f\u202e]/);
    expect(JSON.parse(terminalText(json))).toEqual({ path: '/\u001b\u009b\u202e\n' });
  });
});
