import { describe, expect, it } from 'vitest';
import { customRangeProblem, presetRange, rangeFromSearch, searchForRange, utcToday } from './ranges.js';

describe('the dashboard periods', () => {
  it('ends every preset today, counting today among its days', () => {
    expect(presetRange('today', '2026-11-22')).toEqual({ from: '2026-11-22', to: '2026-11-22' });
    expect(presetRange('7d', '2026-11-22')).toEqual({ from: '2026-11-16', to: '2026-11-22' });
    expect(presetRange('30d', '2026-03-01')).toEqual({ from: '2026-01-31', to: '2026-03-01' });
    expect(presetRange('12mo', '2026-11-22')).toEqual({ from: '2025-11-23', to: '2026-11-22' });
    // Leap day: twelve months back from 29 February 2028 is 1 March 2027 (no 29 February in 2027).
    expect(presetRange('12mo', '2028-02-29')).toEqual({ from: '2027-03-02', to: '2028-02-29' });
  });

  it('takes today as a UTC day, whatever the local time zone', () => {
    expect(utcToday(new Date('2026-11-22T23:30:00-05:00'))).toBe('2026-11-23');
  });

  it('checks a custom period as the server does', () => {
    expect(customRangeProblem({ from: '2026-11-01', to: '2026-11-01' })).toBeUndefined();
    expect(customRangeProblem({ from: '2026-02-30', to: '2026-03-01' })).toBe('invalid_date');
    expect(customRangeProblem({ from: '', to: '2026-03-01' })).toBe('invalid_date');
    expect(customRangeProblem({ from: '2026-03-02', to: '2026-03-01' })).toBe('reversed_range');
    expect(customRangeProblem({ from: '2021-11-13', to: '2026-11-12' })).toBeUndefined();
    expect(customRangeProblem({ from: '2021-11-12', to: '2026-11-12' })).toBe('range_too_long');
  });

  it('reads the period from the address, and falls back to 30 days on anything else', () => {
    const today = '2026-11-22';
    expect(rangeFromSearch(new URLSearchParams(), today)).toEqual({ key: '30d', from: '2026-10-24', to: today });
    expect(rangeFromSearch(new URLSearchParams('range=7d'), today)).toEqual({
      key: '7d',
      from: '2026-11-16',
      to: today,
    });
    expect(rangeFromSearch(new URLSearchParams('range=custom&from=2026-01-01&to=2026-01-31'), today)).toEqual({
      key: 'custom',
      from: '2026-01-01',
      to: '2026-01-31',
    });
    expect(rangeFromSearch(new URLSearchParams('range=custom&from=2026-01-31&to=2026-01-01'), today).key).toBe('30d');
    expect(rangeFromSearch(new URLSearchParams('range=week'), today).key).toBe('30d');
  });

  it('writes presets by name and custom periods by their days, and reads back what it wrote', () => {
    expect(searchForRange({ key: '30d', from: 'x', to: 'y' }).toString()).toBe('');
    expect(searchForRange({ key: '12mo', from: 'x', to: 'y' }).toString()).toBe('range=12mo');
    const custom = { key: 'custom' as const, from: '2026-05-01', to: '2026-05-09' };
    expect(rangeFromSearch(searchForRange(custom), '2026-11-22')).toEqual(custom);
  });
});
