import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/helper.js';
import { PERMISSIONS_POLICY } from './security-headers.js';

describe('security headers and ambiguous requests', () => {
  let testApp: TestApp;
  let port: number;
  beforeAll(async () => {
    testApp = await createTestApp();
    await testApp.app.listen({ port: 0, host: '127.0.0.1' });
    const address = testApp.app.server.address();
    port = typeof address === 'object' && address ? address.port : 0;
  });
  afterAll(async () => testApp.close());

  it.each(['/', '/about', '/api/v1/pages/home', '/api/v1/health', '/nowhere', '/api/v1/nothing'])(
    '%s: CSP from default-src none, no framing, features off, HSTS',
    async (url) => {
      const { headers } = await testApp.app.inject({ url });
      const csp = String(headers['content-security-policy'])
        .split(';')
        .map((directive) => directive.trim());
      expect(csp[0]).toBe("default-src 'none'");
      for (const allowed of ['script-src', 'style-src', 'img-src', 'font-src', 'connect-src', 'manifest-src']) {
        expect(csp).toContain(`${allowed} 'self'`);
      }
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp.join(';')).not.toMatch(/unsafe-inline|unsafe-eval|\*/);
      expect(headers['x-frame-options']).toBe('DENY');
      expect(headers['permissions-policy']).toBe(PERMISSIONS_POLICY);
      expect(headers['permissions-policy']).toContain('camera=()');
      expect(headers['strict-transport-security']).toMatch(/^max-age=\d{8,}; includeSubDomains$/);
    },
  );

  const raw = (text: string) =>
    new Promise<string>((resolve, reject) => {
      let received = '';
      // Written, not ended: a client that half-closes may see its answer dropped.
      const socket = connect(port, '127.0.0.1', () => socket.write(text));
      socket.on('data', (chunk) => {
        received += chunk;
      });
      socket.on('close', () => resolve(received));
      socket.on('error', reject);
    });

  it('refuses a request with two Host headers with 400, in the one error shape', async () => {
    const answer = await raw(
      'GET /api/v1/health HTTP/1.1\r\nHost: example.com\r\nHost: evil.example\r\nConnection: close\r\n\r\n',
    );
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4))).toMatchObject({
      success: false,
      code: 'bad_request',
    });
    const differentCase = await raw(
      'GET / HTTP/1.1\r\nHost: example.com\r\nHOST: example.com\r\nConnection: close\r\n\r\n',
    );
    expect(differentCase).toMatch(/^HTTP\/1\.1 400 /);
    const one = await raw('GET /api/v1/health HTTP/1.1\r\nHost: example.com\r\nConnection: close\r\n\r\n');
    expect(one).toMatch(/^HTTP\/1\.1 200 /);
  });
});
