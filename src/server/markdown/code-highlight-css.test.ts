import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { HIGHLIGHT_CLASSES, TOKEN_CLASSES } from './highlight.js';

const CSS = readFileSync(path.resolve(import.meta.dirname, '../../web/styles/code-highlight.css'), 'utf8');

/** `--name: light-dark(#light, #dark)` in the stylesheet. */
function colours(name: string): { light: string; dark: string } {
  const match = new RegExp(`--${name}:\\s*light-dark\\((#[0-9a-f]{6}),\\s*(#[0-9a-f]{6})\\)`, 'i').exec(CSS);
  if (!match?.[1] || !match[2]) throw new Error(`no --${name} in code-highlight.css`);
  return { light: match[1], dark: match[2] };
}

/** WCAG 2's contrast ratio. */
function contrast(a: string, b: string): number {
  const luminance = (hex: string) => {
    const [r = 0, g = 0, bl = 0] = [1, 3, 5].map((start) => {
      const value = Number.parseInt(hex.slice(start, start + 2), 16) / 255;
      return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [high, low] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (high + 0.05) / (low + 0.05);
}

describe('code-highlight.css', () => {
  it('colours every class the highlighter writes', () => {
    for (const name of HIGHLIGHT_CLASSES) expect(CSS, name).toMatch(new RegExp(`\\.${name}\\s*\\{`));
  });

  it('meets 4.5:1 against the code block in both themes', () => {
    const background = colours('code-bg');
    for (const name of ['code-text', 'code-label', ...TOKEN_CLASSES.map((kind) => `hl-${kind}`)]) {
      const { light, dark } = colours(name);
      expect(contrast(light, background.light), `${name} in the light theme`).toBeGreaterThanOrEqual(4.5);
      expect(contrast(dark, background.dark), `${name} in the dark theme`).toBeGreaterThanOrEqual(4.5);
    }
  });
});
