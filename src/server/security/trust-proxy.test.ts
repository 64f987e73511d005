import { afterEach, describe, expect, it } from 'vitest';
import type { Config } from '../config.js';
import { createTestApp, type TestApp } from '../test/helper.js';

/** Which address the contact limit counts, depending on TRUST_PROXY. */
describe('TRUST_PROXY and the address limits count by', () => {
  const apps: TestApp[] = [];
  afterEach(async () => {
    for (const testApp of apps.splice(0)) await testApp.close();
  });

  async function sendFromMany(trustProxy: Config['trustProxy'], remoteAddress: string) {
    const testApp = await createTestApp({ trustProxy, contactRateLimit: { max: 2, windowMinutes: 10 } });
    apps.push(testApp);
    const statuses: number[] = [];
    // Every request claims a fresh forwarded address, as a spoofer would.
    for (let index = 1; index <= 4; index++) {
      const response = await testApp.app.inject({
        method: 'POST',
        url: '/api/v1/contact',
        remoteAddress,
        headers: { 'x-forwarded-for': `198.51.100.${index}` },
        payload: { name: 'Laylo', email: 'laylo@example.uz', message: 'Salom, hammasi joyida.' },
      });
      statuses.push(response.statusCode);
    }
    return statuses;
  }

  it('with the proxy’s address given, a request from the proxy counts by the forwarded address', async () => {
    expect(await sendFromMany(['127.0.0.1'], '127.0.0.1')).toEqual([201, 201, 201, 201]);
  });

  it('with the proxy’s address given, a client reaching the port directly cannot choose its address', async () => {
    expect(await sendFromMany(['127.0.0.1'], '203.0.113.5')).toEqual([201, 201, 429, 429]);
  });

  it('without TRUST_PROXY, X-Forwarded-For is ignored', async () => {
    expect(await sendFromMany(false, '127.0.0.1')).toEqual([201, 201, 429, 429]);
  });
});
