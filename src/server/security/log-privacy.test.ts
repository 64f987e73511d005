import { Writable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { serverLogging } from '../log-format.js';
import { createTestApp, type TestApp } from '../test/helper.js';

describe('logs keep no visitor addresses', () => {
  const apps: TestApp[] = [];
  afterEach(async () => {
    for (const testApp of apps.splice(0)) await testApp.close();
  });

  async function appLoggingAt(level: string, format: 'json' | 'pretty' = 'json') {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, callback) {
        lines.push(...String(chunk).split('\n').filter(Boolean));
        callback();
      },
    });
    const testApp = await createTestApp(
      { contactRateLimit: { max: 1, windowMinutes: 10 } },
      undefined,
      serverLogging({ level, format }, stream),
    );
    apps.push(testApp);
    return { testApp, lines };
  }

  const visit = async (testApp: TestApp) => {
    const remoteAddress = '203.0.113.77';
    const contact = (body: object) =>
      testApp.app.inject({ method: 'POST', url: '/api/v1/contact', payload: body, remoteAddress });
    const valid = { name: 'Laylo', email: 'laylo@example.uz', message: 'Salom, hammasi joyida.' };
    expect((await contact(valid)).statusCode).toBe(201);
    expect((await contact(valid)).statusCode).toBe(429);
    // The honeypot's warning, a 404 and a validation error log too.
    await contact({ ...valid, website: 'spam.example' });
    await testApp.app.inject({ url: '/nowhere', remoteAddress });
    await contact({ name: '' });
  };

  it('at the default level (info): requests, limits and warnings are logged without the address', async () => {
    const { testApp, lines } = await appLoggingAt('info');
    await visit(testApp);
    expect(lines.some((line) => line.includes('"incoming request"'))).toBe(true);
    expect(lines.some((line) => line.includes('"rate limited"'))).toBe(true);
    for (const line of lines) expect(line).not.toContain('203.0.113');
    expect(lines.join('\n')).not.toMatch(/remoteAddress|remotePort|"ip"/);
  });

  it('at info, the request line names the route, never the query or what a visitor put in the path', async () => {
    const { testApp, lines } = await appLoggingAt('info');
    await testApp.app.inject({ url: '/api/v1/pages/no-such-section?ref=https%3A%2F%2Fsecret.example%2Fq%3Dname' });
    await testApp.app.inject({ url: '/api/v1/owner/messages?search=laylo%40example.uz' });
    await testApp.app.inject({ url: '/unknown-page?utm_source=newsletter-42' });
    const requests = lines.filter((line) => line.includes('"incoming request"')).join('\n');
    expect(requests).toContain('"url":"/api/v1/pages/:section"');
    expect(requests).toContain('"url":"/unknown-page"');
    expect(requests).toContain('"url":"/api/v1/owner/messages"');
    expect(requests).not.toMatch(/secret\.example|laylo|utm_source|newsletter/);
  });

  it('in a terminal, the readable lines hold no address, query or path a visitor typed either', async () => {
    const { testApp, lines } = await appLoggingAt('info', 'pretty');
    await visit(testApp);
    await testApp.app.inject({ url: '/api/v1/pages/no-such-section?ref=https%3A%2F%2Fsecret.example%2Fq%3Dname' });
    expect(lines).toContainEqual(expect.stringMatching(/ POST \/api\/v1\/contact 429 \d+ ms$/));
    expect(lines).toContainEqual(expect.stringMatching(/ GET \/api\/v1\/pages\/:section 404 \d+ ms$/));
    const text = lines.join('\n');
    expect(text).not.toMatch(/203\.0\.113|remoteAddress|secret\.example|no-such-section/);
  });

  it('at debug, chosen to chase a problem, the request line names the address', async () => {
    const { testApp, lines } = await appLoggingAt('debug');
    await visit(testApp);
    expect(lines.some((line) => line.includes('"remoteAddress":"203.0.113.77"'))).toBe(true);
  });
});
