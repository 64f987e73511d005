import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { hashPassword } from '../../auth/password.js';
import { setVerificationSlots } from '../../auth/verification-slots.js';
import { setPasswordHash } from '../../repositories/owner-repository.js';
import { createTestApp, type TestApp, testDialect } from '../../test/helper.js';

const PASSWORD = 'correct horse battery staple';
/** Cheap parameters, so a burst of verifications is quick; the stored hash names them. */
const CHEAP = { logN: 10, r: 8, p: 1 };

function signIn(testApp: TestApp, password: string, remoteAddress: string) {
  return testApp.app.inject({
    method: 'POST',
    url: '/api/v1/owner/session',
    payload: { password },
    remoteAddress,
    headers: { 'sec-fetch-site': 'same-origin' },
  });
}

describe(`the sign-in lockout under parallel attempts, on ${testDialect}`, () => {
  let testApp: TestApp;
  beforeAll(() => {
    // The cap on parallel verifications would hide the lockout: lift it to look at the count alone.
    setVerificationSlots(1_000);
  });
  afterAll(() => setVerificationSlots());
  beforeEach(async () => {
    testApp = await createTestApp();
    await setPasswordHash(testApp.db, await hashPassword(PASSWORD, CHEAP));
  });
  afterEach(async () => testApp.close());

  it.each([20, 100])('verifies at most 5 of %i wrong passwords sent at once from one address', async (count) => {
    const answers = await Promise.all(
      Array.from({ length: count }, (_, index) => signIn(testApp, `wrong guess ${index}`, '203.0.113.50')),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    // A 401 is a verified (wrong) password; everything else was refused before the check.
    expect(statuses.filter((status) => status === 401)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(count - 5);
    expect(await signIn(testApp, PASSWORD, '203.0.113.50')).toMatchObject({ statusCode: 429 });
  });

  it('lets a right password inside a burst of wrong ones sign in only when it is among the first five', async () => {
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, index) =>
        signIn(testApp, index === 30 ? PASSWORD : `wrong guess ${index}`, '203.0.113.51'),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(
      statuses.filter((status) => status === 200).length + statuses.filter((status) => status === 401).length,
    ).toBeLessThanOrEqual(5);
  });

  it('gives an address its attempts back after it signs in', async () => {
    for (let attempt = 0; attempt < 4; attempt++) {
      expect((await signIn(testApp, 'wrong guess', '203.0.113.52')).statusCode).toBe(401);
    }
    expect((await signIn(testApp, PASSWORD, '203.0.113.52')).statusCode).toBe(200);
    for (let attempt = 0; attempt < 4; attempt++) {
      expect((await signIn(testApp, 'wrong guess', '203.0.113.52')).statusCode).toBe(401);
    }
    expect((await signIn(testApp, PASSWORD, '203.0.113.52')).statusCode).toBe(200);
  });

  it('counts an IPv6 /64 network as one address, as every other limit does', async () => {
    for (const host of ['a', 'b', 'c', 'd', 'e']) {
      expect((await signIn(testApp, 'wrong guess', `2001:db8:7:8::${host}`)).statusCode).toBe(401);
    }
    const locked = await signIn(testApp, PASSWORD, '2001:db8:7:8::f');
    expect(locked.statusCode).toBe(429);
    expect(locked.json().code).toBe('rate_limited');
    // The failures are recorded by network, as the fail2ban filter reads them.
    const failures = await testApp.db.selectFrom('sign_in_failures').select('address').execute();
    expect(failures.map((row) => row.address)).toEqual(Array(5).fill('2001:db8:7:8::/64'));
    // Another /64 is another subscriber.
    expect((await signIn(testApp, PASSWORD, '2001:db8:7:9::a')).statusCode).toBe(200);
  });
});
