import { afterEach, describe, expect, it } from 'vitest';
import type { Config } from '../config.js';
import { createTestApp, type TestApp } from '../test/helper.js';

/** Which address the contact limit counts, depending on TRUST_PROXY. */
describe('TRUST_PROXY and the address limits count by', () => {
  const apps: TestApp[] = [];
  afterEach(async () => {
    for (const testApp of apps.splice(0)) await testApp.close();
  });

  async function sendForwarded(trustProxy: Config['trustProxy'], remoteAddress: string, forwarded: string[]) {
    const testApp = await createTestApp({ trustProxy, contactRateLimit: { max: 2, windowMinutes: 10 } });
    apps.push(testApp);
    const statuses: number[] = [];
    for (const address of forwarded) {
      const response = await testApp.app.inject({
        method: 'POST',
        url: '/api/v1/contact',
        remoteAddress,
        headers: { 'x-forwarded-for': address },
        payload: { name: 'Laylo', email: 'laylo@example.uz', message: 'Salom, hammasi joyida.' },
      });
      statuses.push(response.statusCode);
    }
    return statuses;
  }

  // Every request claims a fresh forwarded address, as a spoofer would.
  const sendFromMany = (trustProxy: Config['trustProxy'], remoteAddress: string) =>
    sendForwarded(trustProxy, remoteAddress, ['198.51.100.1', '198.51.100.2', '198.51.100.3', '198.51.100.4']);

  it('with the proxy’s address given, a request from the proxy counts by the forwarded address', async () => {
    expect(await sendFromMany(['127.0.0.1'], '127.0.0.1')).toEqual([201, 201, 201, 201]);
  });

  it('with the proxy’s address given, a client reaching the port directly cannot choose its address', async () => {
    expect(await sendFromMany(['127.0.0.1'], '203.0.113.5')).toEqual([201, 201, 429, 429]);
  });

  it('without TRUST_PROXY, X-Forwarded-For is ignored', async () => {
    expect(await sendFromMany(false, '127.0.0.1')).toEqual([201, 201, 429, 429]);
  });

  it('a forwarded IPv6 address in brackets or with a port counts against the /64 of the plain one', async () => {
    const forwarded = [
      '2001:db8:aa:bb::1',
      '[2001:db8:aa:bb::2]',
      '[2001:db8:aa:bb::3]:443',
      '[2001:DB8:AA:BB::4]:8443',
    ];
    expect(await sendForwarded(['127.0.0.1'], '127.0.0.1', forwarded)).toEqual([201, 201, 429, 429]);
  });

  it('a forwarded IPv4 address with a port counts against the address alone', async () => {
    const forwarded = ['198.51.100.7', '198.51.100.7:5678', '198.51.100.7:5679', '[::ffff:198.51.100.7]:443'];
    expect(await sendForwarded(['127.0.0.1'], '127.0.0.1', forwarded)).toEqual([201, 201, 429, 429]);
  });
});
