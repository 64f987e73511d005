import { describe, expect, it } from 'vitest';
import { fill, OWNER_TEXTS } from './owner-texts.js';

describe('owner texts', () => {
  it('fills each {{placeholder}} once, taking values literally', () => {
    expect(fill('{{name}} <{{email}}> wrote:', { name: 'Dilnoza {{email}} $& $1', email: 'd@example.uz' })).toBe(
      'Dilnoza {{email}} $& $1 <d@example.uz> wrote:',
    );
  });

  it('leaves a placeholder it has no value for as it is', () => {
    expect(fill('Statistics: {{url}}', {})).toBe('Statistics: {{url}}');
  });

  it('has every language', () => {
    expect(Object.keys(OWNER_TEXTS)).toEqual(['lotin', 'russian', 'english']);
    expect(OWNER_TEXTS.russian.test.subject).toBe('Sahifa: тестовое уведомление');
  });
});
