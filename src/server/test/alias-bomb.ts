/**
 * The classic "billion laughs" YAML: nine levels of nine aliases each, a few hundred bytes that would
 * expand to 9⁹ strings. yaml refuses to expand more than its alias limit.
 */
export function billionLaughs(): string {
  const lines = ['a0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol]'];
  for (let level = 1; level <= 9; level++) {
    lines.push(`a${level}: &a${level} [${Array.from({ length: 9 }, () => `*a${level - 1}`).join(', ')}]`);
  }
  return `${lines.join('\n')}\n`;
}
