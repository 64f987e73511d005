import { once } from 'node:events';
import { request } from 'node:http';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { sampleContent, writeContentDir } from './test/sample-content.js';
import { listeningPort, serverProcesses } from './test/server-process.js';

describe('starting and stopping the server', () => {
  const { tempDir, start } = serverProcesses('sahifa-main-');

  it('stops at start-up on a bad content file with one line naming the file, the field and the problem', async () => {
    const content = sampleContent();
    content.about.skills.coding.push({ name: 'Go', level: 140 });
    const contentDir = writeContentDir(path.join(tempDir(), 'content'), content);
    const { child, output } = start({ CONTENT_DIR: contentDir, DATA_DIR: tempDir() });
    const [code] = await once(child, 'exit');
    expect(code).toBe(1);
    expect(output().trim()).toBe(
      `Sahifa cannot start: ${contentDir}/about.yaml: skills.coding[1].level: must be at most 100`,
    );
  });

  it('stops at start-up on a bad setting, naming it', async () => {
    const { child, output } = start({ PORT: 'eighty', CONTENT_DIR: writeContentDir(path.join(tempDir(), 'c')) });
    const [code] = await once(child, 'exit');
    expect(code).toBe(1);
    expect(output()).toMatch(/^Sahifa cannot start: Invalid configuration — PORT: /);
  });

  it.each(['SIGTERM', 'SIGINT'] as const)(
    'on %s finishes the request in flight, then exits cleanly',
    async (signal) => {
      const contentDir = writeContentDir(path.join(tempDir(), 'content'));
      const { child, output } = start({ CONTENT_DIR: contentDir, DATA_DIR: tempDir(), WEB_ROOT: tempDir() });
      const port = await listeningPort(output);

      // A contact message whose body is still arriving when the signal comes.
      const body = JSON.stringify({
        name: 'Laylo',
        email: 'laylo@example.uz',
        message: 'Salom, bu sekin keladigan xabar.',
      });
      const answer = new Promise<{ status: number; text: string; connection?: string }>((resolve, reject) => {
        const outgoing = request(
          {
            host: '127.0.0.1',
            port,
            method: 'POST',
            path: '/api/v1/contact',
            headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
          },
          (response) => {
            let text = '';
            response.on('data', (chunk) => {
              text += chunk;
            });
            response.on('end', () =>
              resolve({ status: response.statusCode ?? 0, text, connection: response.headers.connection }),
            );
          },
        );
        outgoing.on('error', reject);
        outgoing.write(body.slice(0, 20));
        setTimeout(() => {
          child.kill(signal);
          setTimeout(() => outgoing.end(body.slice(20)), 300);
        }, 200);
      });

      const { status, text, connection } = await answer;
      expect(status).toBe(201);
      expect(JSON.parse(text)).toMatchObject({ success: true });
      expect(connection).toBe('close');
      const [code] = await once(child, 'exit');
      expect(code).toBe(0);
      expect(output()).toContain('shutting down: finishing requests in flight');
    },
  );

  // Run directly, with no npm to pass a copy of each Ctrl+C on: the second one alone must be enough.
  it('stops at once on a second Ctrl+C two seconds after the first, with a request still in flight', async () => {
    const contentDir = writeContentDir(path.join(tempDir(), 'content'));
    const { child, output } = start({ CONTENT_DIR: contentDir, DATA_DIR: tempDir(), WEB_ROOT: tempDir() });
    const port = await listeningPort(output);
    // A request whose body never ends: without the second Ctrl+C the server would wait for it 10 s.
    const outgoing = request({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: '/api/v1/contact',
      headers: { 'content-type': 'application/json', 'content-length': '1000' },
    });
    outgoing.on('error', () => undefined);
    outgoing.write('{"name":');
    await new Promise((resolve) => setTimeout(resolve, 200));
    child.kill('SIGINT');
    while (!output().includes('shutting down')) await new Promise((resolve) => setTimeout(resolve, 50));
    await new Promise((resolve) => setTimeout(resolve, 2_200));
    const pressed = Date.now();
    child.kill('SIGINT');
    const [code] = await once(child, 'exit');
    expect(Date.now() - pressed).toBeLessThan(3_000);
    expect(code, output()).toBe(130);
    expect(output()).toContain('Ctrl+C again: stopping at once');
    outgoing.destroy();
  });
});
