import { describe, expect, it } from 'vitest';
import { passwordStrength } from './password-strength.js';

describe('a new password’s strength', () => {
  it('is short below 12 characters, as npm run owner:password refuses it, and strong from 20', () => {
    expect(passwordStrength('')).toBe('empty');
    expect(passwordStrength('eleven char')).toBe('short');
    expect(passwordStrength('twelve chars')).toBe('fair');
    expect(passwordStrength('a long first passphrase')).toBe('strong');
  });

  it('counts characters, not UTF-16 units', () => {
    expect(passwordStrength('😀'.repeat(11))).toBe('short');
    expect(passwordStrength('oʻzbekcha so')).toBe('fair');
  });
});
