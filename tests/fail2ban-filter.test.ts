import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../src/server/auth/password.js';
import { newTotpSecret } from '../src/server/auth/totp.js';
import { setPasswordHash } from '../src/server/repositories/owner-repository.js';
import { saveTotpSecret, spendTotpStep } from '../src/server/repositories/second-factor-repository.js';
import { createTestApp, type TestApp } from '../src/server/test/helper.js';

const FILTER = 'docs/deploy/fail2ban/sahifa.conf';

/**
 * The filter against the lines the server really logs for wrong passwords: fail2ban must find the
 * IPv4 address, and an IPv6 client's /64 network (the app counts and logs it so; one subscriber
 * holds a whole /64).
 */
describe('docs/deploy/fail2ban/sahifa.conf', () => {
  let testApp: TestApp;
  const lines: string[] = [];
  const dir = mkdtempSync(path.join(tmpdir(), 'sahifa-fail2ban-'));

  beforeAll(async () => {
    const stream = new Writable({
      write(chunk, _encoding, callback) {
        lines.push(...String(chunk).split('\n').filter(Boolean));
        callback();
      },
    });
    testApp = await createTestApp({}, undefined, { logger: { level: 'info', stream } });
    await setPasswordHash(testApp.db, await hashPassword('correct horse battery staple', { logN: 10, r: 8, p: 1 }));
  });
  afterAll(async () => {
    await testApp.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('finds every wrong password or code with its address, an IPv6 one as its /64, and nothing else', async () => {
    for (const remoteAddress of ['203.0.113.9', '2001:db8:7:8::a', '2001:db8:7:8::b', '127.0.0.1']) {
      await testApp.app.inject({
        method: 'POST',
        url: '/api/v1/owner/session',
        payload: { password: remoteAddress === '127.0.0.1' ? 'correct horse battery staple' : 'a wrong guess' },
        remoteAddress,
        headers: { 'sec-fetch-site': 'same-origin' },
      });
    }
    // An address that keeps guessing once locked out is named once more (once a minute), not per try.
    for (let attempt = 0; attempt < 8; attempt++) {
      await testApp.app.inject({
        method: 'POST',
        url: '/api/v1/owner/session',
        payload: { password: 'a wrong guess' },
        remoteAddress: '192.0.2.77',
        headers: { 'sec-fetch-site': 'same-origin' },
      });
    }
    // A wrong second-factor code is a failure too.
    await saveTotpSecret(testApp.db, newTotpSecret());
    await spendTotpStep(testApp.db, 1, { confirming: true });
    await testApp.app.inject({
      method: 'POST',
      url: '/api/v1/owner/session',
      payload: { password: 'correct horse battery staple', code: '000000' },
      remoteAddress: '198.51.100.4',
      headers: { 'sec-fetch-site': 'same-origin' },
    });
    const log = path.join(dir, 'sahifa.log');
    writeFileSync(log, `${lines.join('\n')}\n`);
    const result = spawnSync('fail2ban-regex', ['--print-all-matched', '--raw', log, FILTER], { encoding: 'utf8' });
    expect(result.error, 'fail2ban-regex (Debian package fail2ban) is needed').toBeUndefined();
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout).toMatch(/Lines: \d+ lines, 0 ignored, 10 matched/);
    // The matched lines as fail2ban prints them (the filter's own pattern is printed too, as <SUBNET>).
    const found = [...result.stdout.matchAll(/"address":"([^"<]+)"/g)].map((match) => match[1]);
    expect(new Set(found)).toEqual(new Set(['203.0.113.9', '2001:db8:7:8::/64', '192.0.2.77', '198.51.100.4']));
  });
});
