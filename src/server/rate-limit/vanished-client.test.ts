import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testDialect } from '../test/helper.js';
import { jsonLinesInto } from '../test/log-lines.js';

/**
 * A client that sends a request to a limited route and, in the same packet, bytes that are not
 * HTTP: the server drops the connection for the garbage while the request is still being handled,
 * so the client's address is gone by the time the limit asks for it. That must never be a 500.
 */
describe(`a client that vanishes mid-request, on ${testDialect}`, () => {
  let testApp: TestApp;
  let port: number;
  const logs: { level: number; msg: string }[] = [];
  beforeAll(async () => {
    // At `warn` (as in production setups that keep logs short) nothing reads the client's address
    // while the socket is alive, so it is really gone when the limit asks for it.
    testApp = await createTestApp({}, undefined, { logger: { level: 'warn', stream: jsonLinesInto(logs) } });
    await testApp.app.listen({ port: 0, host: '127.0.0.1' });
    const address = testApp.app.server.address();
    port = typeof address === 'object' && address ? address.port : 0;
  });
  afterAll(async () => testApp.close());

  const body = JSON.stringify({ name: 'Gone', email: 'gone@example.uz', message: 'Salom, men ketdim.' });
  const requests = [
    'GET /api/v1/visitor/create/web HTTP/1.1\r\nHost: localhost\r\n\r\n',
    'GET /api/v1/visitor/check HTTP/1.1\r\nHost: localhost\r\nX-Visitor-Key: abc\r\n\r\n',
    `POST /api/v1/contact HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  ];

  it.each(requests.map((text) => [text.slice(0, text.indexOf(' HTTP')), text]))(
    '%s followed by garbage: no 5xx, nothing logged as an error',
    async (_name, text) => {
      logs.length = 0;
      for (let round = 0; round < 20; round++) {
        const socket = connect(port, '127.0.0.1');
        socket.on('error', () => {});
        socket.resume();
        await new Promise((resolve) => socket.once('connect', resolve));
        socket.end(`${text}\u0000\u0001 not http at all\r\n\r\n`);
        await new Promise((resolve) => socket.once('close', resolve));
      }
      // The server finishes those requests after the sockets closed.
      await new Promise((resolve) => setTimeout(resolve, 300));
      // A 5xx is always logged at `error` with its stack (errors.ts).
      expect(logs.filter((entry) => entry.level >= 50)).toEqual([]);
    },
  );

  it('stores no message for a contact request whose sender vanished', async () => {
    expect(await testApp.db.selectFrom('contact_messages').select('id').execute()).toHaveLength(0);
  });
});
