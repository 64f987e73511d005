import { describe, expect, it } from 'vitest';
import { createConsoleGuard } from './console-guard.js';

describe('console guard', () => {
  const silentConsole = () => ({ error: (..._args: unknown[]) => {} });

  it('fails a test that wrote to console.error, naming what was written', () => {
    const target = silentConsole();
    const guard = createConsoleGuard(target);
    guard.start();
    target.error('database %s', 'gone');
    expect(() => guard.stop()).toThrow(/unexpected console\.error[\s\S]*database gone/);
  });

  it('passes a test that wrote nothing, and restores console.error', () => {
    const target = silentConsole();
    const original = target.error;
    const guard = createConsoleGuard(target);
    guard.start();
    expect(target.error).not.toBe(original);
    expect(() => guard.stop()).not.toThrow();
    expect(target.error).toBe(original);
  });

  it('does not see errors of a test that replaced console.error itself', () => {
    const target = silentConsole();
    const guard = createConsoleGuard(target);
    guard.start();
    const expected: unknown[][] = [];
    const guarded = target.error;
    target.error = (...args: unknown[]) => expected.push(args);
    target.error('expected failure');
    target.error = guarded;
    expect(expected).toHaveLength(1);
    expect(() => guard.stop()).not.toThrow();
  });

  it('starts afresh for every test', () => {
    const target = silentConsole();
    const guard = createConsoleGuard(target);
    guard.start();
    target.error('first test');
    expect(() => guard.stop()).toThrow();
    guard.start();
    expect(() => guard.stop()).not.toThrow();
  });
});
