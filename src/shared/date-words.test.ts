import { describe, expect, it } from 'vitest';
import { dateWords, timeWords } from './date-words.js';

const MOMENT = new Date('2026-08-12T04:05:00Z');

describe('dates in words', () => {
  it('writes Uzbek with its own month names, in full, with the time in 24 hours', () => {
    expect(dateWords('lotin', { style: 'long', timeZone: 'UTC' })(MOMENT)).toBe('12-avgust, 2026');
    expect(dateWords('lotin', { style: 'medium', timeZone: 'UTC' })(new Date('2026-01-01T00:00:00Z'))).toBe(
      '1-yanvar, 2026',
    );
    expect(dateWords('lotin', { style: 'medium', time: true, timeZone: 'UTC' })(MOMENT)).toBe('12-avgust, 2026, 04:05');
    // Node's full ICU writes the same words: the server's page and the browser's agree.
    expect(dateWords('lotin', { style: 'long', timeZone: 'UTC' })(MOMENT)).toBe(
      new Intl.DateTimeFormat('uz', { dateStyle: 'long', timeZone: 'UTC' }).format(MOMENT),
    );
  });

  it('reads the moment in the zone it is given: an entry’s day is the same everywhere', () => {
    const late = new Date('2026-12-31T22:30:00Z');
    expect(dateWords('lotin', { style: 'long', timeZone: 'UTC' })(late)).toBe('31-dekabr, 2026');
    expect(dateWords('lotin', { style: 'long', time: true, timeZone: 'Asia/Tashkent' })(late)).toBe(
      '1-yanvar, 2027, 03:30',
    );
    expect(dateWords('english', { style: 'long', timeZone: 'America/New_York' })(late)).toBe('December 31, 2026');
  });

  it('leaves Russian and English to Intl', () => {
    expect(dateWords('russian', { style: 'long', timeZone: 'UTC' })(MOMENT)).toBe('12 августа 2026 г.');
    expect(dateWords('english', { style: 'medium', timeZone: 'UTC' })(MOMENT)).toBe('Aug 12, 2026');
    expect(dateWords('english', { style: 'medium', time: true, timeZone: 'UTC' })(MOMENT)).toBe(
      'Aug 12, 2026, 4:05 AM',
    );
  });

  it('writes a time of day in 24 hours in Uzbek and Russian, and in 12 in English', () => {
    expect(timeWords('lotin', 'UTC')(MOMENT)).toBe('04:05');
    expect(timeWords('russian', 'UTC')(new Date('2026-08-12T16:57:00Z'))).toBe('16:57');
    expect(timeWords('english', 'UTC')(new Date('2026-08-12T16:57:00Z'))).toBe('4:57 PM');
  });
});
