import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

const UNIT = 'docs/deploy/sahifa.service';

/**
 * The unit's settings are read by people, not by code; what a test can hold is that systemd accepts
 * the file as it is (a misspelt directive or a bad value is a warning here, and a unit that does not
 * start on the owner's server). Stopping by PID, as systemd does, is tested in stop-by-pid.test.ts.
 */
describe('docs/deploy/sahifa.service', () => {
  it('is a unit systemd accepts without a warning', () => {
    const result = spawnSync('systemd-analyze', ['verify', '--man=no', UNIT], { encoding: 'utf8' });
    expect(result.error, 'systemd-analyze (Debian package systemd) is needed').toBeUndefined();
    expect(result.stderr.trim()).toBe('');
    expect(result.status).toBe(0);
  });
});
