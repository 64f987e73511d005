import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const UNIT = 'docs/deploy/sahifa.service';
const hasSystemdAnalyze = spawnSync('systemd-analyze', ['--version']).status === 0;

describe('docs/deploy/sahifa.service', () => {
  const unit = readFileSync(UNIT, 'utf8');
  const settings = new Map(
    unit
      .split('\n')
      .filter((line) => /^[A-Z]\w*=/.test(line))
      .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
  );

  it.runIf(hasSystemdAnalyze)('is a unit systemd accepts without a warning', () => {
    const result = spawnSync('systemd-analyze', ['verify', '--man=no', UNIT], { encoding: 'utf8' });
    expect(result.stderr.trim()).toBe('');
    expect(result.status).toBe(0);
  });

  it('runs node itself (so SIGTERM reaches the server) as its own user, on loopback behind a named proxy', () => {
    expect(settings.get('ExecStart')).toBe('/usr/bin/node dist/node/server/main.js');
    expect(settings.get('User')).toBe('sahifa');
    expect(settings.get('KillSignal')).toBe('SIGTERM');
    expect(unit).toContain('Environment=HOST=127.0.0.1');
    expect(unit).toContain('Environment=TRUST_PROXY=127.0.0.1');
    expect(unit).toContain('Environment=DATA_DIR=/var/lib/sahifa');
  });

  it('has the hardening systemd offers, with only the data directory writable', () => {
    expect(Object.fromEntries(settings)).toMatchObject({
      NoNewPrivileges: 'yes',
      ProtectSystem: 'strict',
      ProtectHome: 'yes',
      PrivateTmp: 'yes',
      PrivateDevices: 'yes',
      CapabilityBoundingSet: '',
      StateDirectory: 'sahifa',
      RestrictSUIDSGID: 'yes',
      SystemCallArchitectures: 'native',
    });
    expect(settings.has('ReadWritePaths')).toBe(false);
  });
});
