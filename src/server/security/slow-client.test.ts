import { connect, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/helper.js';
import { SERVER_LIMITS, type ServerLimits } from './server-limits.js';

interface OpenSocket {
  socket: Socket;
  received: () => string;
  closed: Promise<number>;
}

/** A raw connection that records what the server answers and when it hangs up (ms after opening). */
async function open(port: number): Promise<OpenSocket> {
  const socket = connect(port, '127.0.0.1');
  const started = Date.now();
  let received = '';
  socket.on('data', (chunk) => {
    received += chunk;
  });
  socket.on('error', () => {});
  const closed = new Promise<number>((resolve) => socket.once('close', () => resolve(Date.now() - started)));
  await new Promise((resolve) => socket.once('connect', resolve));
  return { socket, received: () => received, closed };
}

const within = <T>(promise: Promise<T>, ms: number) =>
  Promise.race([promise, new Promise<'still open'>((resolve) => setTimeout(() => resolve('still open'), ms))]);

describe('slow and greedy clients', () => {
  const apps: TestApp[] = [];
  const timers: NodeJS.Timeout[] = [];
  afterEach(async () => {
    for (const timer of timers.splice(0)) clearInterval(timer);
    for (const testApp of apps.splice(0)) await testApp.close();
  });

  async function listening(serverLimits: Partial<ServerLimits>) {
    const testApp = await createTestApp({}, undefined, { serverLimits });
    apps.push(testApp);
    await testApp.app.listen({ port: 0, host: '127.0.0.1' });
    const address = testApp.app.server.address();
    return { testApp, port: typeof address === 'object' && address ? address.port : 0 };
  }

  it('applies its limits to the HTTP server', async () => {
    const { testApp } = await listening({});
    const { server } = testApp.app;
    expect(server.headersTimeout).toBe(SERVER_LIMITS.headersTimeoutMs);
    expect(server.requestTimeout).toBe(SERVER_LIMITS.requestTimeoutMs);
    expect(server.keepAliveTimeout).toBe(SERVER_LIMITS.keepAliveTimeoutMs);
    expect(server.timeout).toBe(SERVER_LIMITS.idleSocketTimeoutMs);
    expect(server.maxConnections).toBe(SERVER_LIMITS.maxConnections);
  });

  it('cuts off a body sent a byte at a time, and a trickle of headers, while serving everyone else', async () => {
    // The same mechanism as in production, on a shorter clock: 1.5 s for a request, 1 s for headers.
    const { port } = await listening({ requestTimeoutMs: 1_500, headersTimeoutMs: 1_000, timeoutCheckIntervalMs: 200 });

    const slowBody = await open(port);
    slowBody.socket.write(
      'POST /api/v1/contact HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 200\r\n\r\n{',
    );
    timers.push(setInterval(() => slowBody.socket.writable && slowBody.socket.write(' '), 200));

    const slowHeaders = await open(port);
    slowHeaders.socket.write('GET / HTTP/1.1\r\nHost: localhost\r\n');
    timers.push(setInterval(() => slowHeaders.socket.writable && slowHeaders.socket.write('X-A: b\r\n'), 200));

    // Normal visitors are served meanwhile.
    for (let index = 0; index < 5; index++) {
      const response = await fetch(`http://127.0.0.1:${port}/api/v1/pages/footer`);
      expect(response.status).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }

    expect(await within(slowBody.closed, 5_000)).toBeLessThan(5_000);
    expect(slowBody.received()).toMatch(/^HTTP\/1\.1 408 /);
    expect(await within(slowHeaders.closed, 5_000)).toBeLessThan(5_000);
    expect(slowHeaders.received()).toMatch(/^HTTP\/1\.1 408 /);
  });

  it('closes connections beyond the cap at once, and serves again when one leaves', async () => {
    const { port } = await listening({ maxConnections: 3 });
    const idle = [await open(port), await open(port), await open(port)];
    const extra = await open(port);
    expect(await within(extra.closed, 2_000)).not.toBe('still open');
    expect(extra.received()).toBe('');

    idle[0]?.socket.destroy();
    await idle[0]?.closed;
    await new Promise((resolve) => setTimeout(resolve, 100));
    const served = await open(port);
    served.socket.write('GET /api/v1/health HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n');
    await served.closed;
    expect(served.received()).toMatch(/^HTTP\/1\.1 200 /);
    for (const connection of idle) connection.socket.destroy();
  });
});
