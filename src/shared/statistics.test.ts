import { describe, expect, it } from 'vitest';
import { changePercent } from './statistics.js';

describe('the change against the previous period', () => {
  it('is in whole percent, up or down', () => {
    expect(changePercent(150, 100)).toBe(50);
    expect(changePercent(50, 100)).toBe(-50);
    expect(changePercent(1, 3)).toBe(-67);
    expect(changePercent(100, 100)).toBe(0);
    expect(changePercent(0, 0)).toBe(0);
  });

  it('has no percentage when there was nothing before', () => {
    expect(changePercent(4, 0)).toBeNull();
  });
});
