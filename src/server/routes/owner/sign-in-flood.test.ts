import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../auth/password.js';
import { setPasswordHash } from '../../repositories/owner-repository.js';
import { createTestApp, type TestApp, testDialect } from '../../test/helper.js';

/**
 * A flood of sign-in attempts with the real password cost (scrypt N=2^17, 128 MiB, about 0.45 s
 * each) from many addresses, as a botnet sends them: a visitor's picture must still come at once.
 */
describe(`a flood of sign-in attempts, on ${testDialect}`, () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp();
    await setPasswordHash(testApp.db, await hashPassword('correct horse battery staple'));
    await testApp.app.listen({ port: 0, host: '127.0.0.1' });
  }, 30_000);
  afterAll(async () => testApp.close());

  it('answers a picture in normal time while 80 sign-ins arrive at once, refusing the excess with 429', async () => {
    const address = testApp.app.server.address();
    const origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    const flood = Array.from({ length: 80 }, (_, index) =>
      testApp.app.inject({
        method: 'POST',
        url: '/api/v1/owner/session',
        payload: { password: `guess number ${index}` },
        remoteAddress: `198.51.100.${index + 1}`,
        headers: { 'sec-fetch-site': 'same-origin' },
      }),
    );
    // Let the flood reach the password checks first.
    await new Promise((resolve) => setTimeout(resolve, 50));
    const started = performance.now();
    const picture = await fetch(`${origin}/media/owner.svg`);
    const elapsed = performance.now() - started;
    expect(picture.status).toBe(200);
    await picture.arrayBuffer();
    const statuses = (await Promise.all(flood)).map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(70);
    expect(statuses.every((status) => status === 401 || status === 429)).toBe(true);
    // Without the cap the picture waits behind the pool's queue of verifications (many seconds; the
    // whole flood takes over a minute). The margin is for a machine busy with other tests.
    expect(elapsed).toBeLessThan(1_500);
  }, 60_000);
});
