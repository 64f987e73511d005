import { describe, expect, it } from 'vitest';
import { contactFieldsSchema } from './contact.js';

const valid = { name: 'Laylo Karimova', email: 'laylo@example.uz', message: 'Salom!\n\tIkkinchi qator.' };

function fieldErrors(input: object) {
  const result = contactFieldsSchema.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
}

describe('the contact form against control characters', () => {
  it('refuses a name or an e-mail address with a line break, ESC or another control character', () => {
    for (const control of ['\n', '\r', '\u001b', '\u0007', '\u0000', '\u009b']) {
      expect(fieldErrors({ ...valid, name: `Laylo${control}Karimova` })).toEqual(['name: invalid_format']);
      expect(fieldErrors({ ...valid, email: `laylo${control}@example.uz` })).toContain('email: invalid_format');
    }
  });

  it('refuses a name or an e-mail address with a bidirectional control or a line or paragraph separator', () => {
    const invisible = [
      ...['\u202a', '\u202b', '\u202c', '\u202d', '\u202e'],
      ...['\u2066', '\u2067', '\u2068', '\u2069'],
      ...['\u200e', '\u200f', '\u061c'],
      ...['\u2028', '\u2029'],
    ];
    for (const character of invisible) {
      const code = `U+${character.codePointAt(0)?.toString(16)}`;
      expect(fieldErrors({ ...valid, name: `Laylo${character}Karimova` }), code).toEqual(['name: invalid_format']);
      expect(fieldErrors({ ...valid, email: `laylo${character}@example.uz` }), code).toContain('email: invalid_format');
    }
    // "Laylo <evil@example.com>" read right to left, as a mail client would show it.
    expect(fieldErrors({ ...valid, name: 'Laylo \u202e<moc.elpmaxe@live>' })).toEqual(['name: invalid_format']);
  });

  it('keeps names in other scripts, with their spaces, apostrophes and hyphens', () => {
    for (const name of ["O'g'iloy Ne'matova", 'Гулнора Каримова-Ли', 'محمد علي', 'Zoë Ŝmith']) {
      expect(fieldErrors({ ...valid, name }), name).toEqual([]);
    }
  });

  it("refuses the forged 'X wrote:' line a newline in a name would make", () => {
    expect(fieldErrors({ ...valid, name: 'Laylo\nOwner wrote: reset your password at https://evil.example' })).toEqual([
      'name: invalid_format',
    ]);
  });

  it('keeps line breaks and tabs in a message and drops every other control character', () => {
    const result = contactFieldsSchema.parse({
      ...valid,
      message: 'Salom\r\nqalay\u001b]52;c;ZXZpbA==\u0007siz?\tRahmat\u0000.',
    });
    expect(result.message).toBe('Salom\nqalay]52;c;ZXZpbA==siz?\tRahmat.');
    expect(result.name).toBe(valid.name);
  });

  it('still counts the length of a message without its control characters', () => {
    expect(fieldErrors({ ...valid, message: `short${'\u0001'.repeat(20)}` })).toEqual(['message: too_short']);
  });
});
