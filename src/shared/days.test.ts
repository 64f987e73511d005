import { describe, expect, it } from 'vitest';
import { addDays, addMonths, daysBetween, isoWeek, isRealDay, lastAllowedDay } from './days.js';

describe('UTC days', () => {
  it('adds days and months, and counts days with both ends', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(daysBetween('2026-11-10', '2026-11-12')).toBe(3);
    expect(addMonths('2026-11-22', -12)).toBe('2025-11-22');
    expect(addMonths('2026-03-31', -1)).toBe('2026-03-03');
  });

  it('knows real days and the five-year limit', () => {
    expect(isRealDay('2028-02-29')).toBe(true);
    expect(isRealDay('2026-02-29')).toBe(false);
    expect(isRealDay('1969-12-31')).toBe(false);
    expect(lastAllowedDay('2021-11-13')).toBe('2026-11-12');
  });

  it('names ISO weeks, Monday to Sunday, across New Year', () => {
    expect(isoWeek('2026-11-22')).toEqual({ week: '2026-W47', monday: '2026-11-16', sunday: '2026-11-22' });
    expect(isoWeek('2026-11-23').week).toBe('2026-W48');
    // 2026 begins on a Thursday, so it has 53 weeks; 1 January 2027 belongs to its last.
    expect(isoWeek('2027-01-01')).toEqual({ week: '2026-W53', monday: '2026-12-28', sunday: '2027-01-03' });
    expect(isoWeek('2027-01-04').week).toBe('2027-W01');
    // 29 December 2025 is already week 1 of 2026.
    expect(isoWeek('2025-12-29').week).toBe('2026-W01');
  });
});
