import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeContentDir } from './test/sample-content.js';
import { listeningPort, serverProcesses, waitFor } from './test/server-process.js';

const SETUP_LINE = /Set up the owner's password: (http:\/\/127\.0\.0\.1:(\d+)\/owner\/setup#token=([A-Za-z0-9_-]{43}))/;

describe('the set-up link at start-up (docs/decisions/031)', () => {
  const { tempDir, start: startProcess } = serverProcesses('sahifa-setup-');

  /** Starts the site; `expectLink` waits for the link too (it is said right after "Sahifa is ready"). */
  async function start(env: Record<string, string>, expectLink: boolean) {
    const server = startProcess({ ...env, LOG_FORMAT: 'pretty' });
    const port = await listeningPort(server.output);
    await waitFor(() => server.output().includes(expectLink ? 'owner/setup#token=' : 'Sahifa is ready'));
    return { ...server, port };
  }

  async function stop(child: ChildProcess) {
    child.kill('SIGTERM');
    await once(child, 'exit');
  }

  it('is printed while no password exists, a new one on each start, and no more once the password is set', async () => {
    const env = {
      CONTENT_DIR: writeContentDir(path.join(tempDir(), 'content')),
      DATA_DIR: tempDir(),
      WEB_ROOT: tempDir(),
    };

    const first = await start(env, true);
    const firstLink = SETUP_LINE.exec(first.output());
    expect(firstLink, first.output()).not.toBeNull();
    expect(Number(firstLink?.[2])).toBe(first.port);
    // The link is said after everything else, so it is what a new owner sees last.
    expect(first.output().trimEnd().split('\n').at(-1)).toContain("Set up the owner's password:");
    await stop(first.child);

    const second = await start(env, true);
    const link = SETUP_LINE.exec(second.output());
    expect(link?.[3]).toBeDefined();
    expect(link?.[3]).not.toBe(firstLink?.[3]);
    const answer = await fetch(`http://127.0.0.1:${second.port}/api/v1/owner/setup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin' },
      body: JSON.stringify({ token: link?.[3], password: 'a long first passphrase' }),
    });
    expect(answer.status).toBe(200);
    await stop(second.child);

    const third = await start(env, false);
    // Stopped, so anything start-up would have said after "ready" has been said.
    await stop(third.child);
    expect(third.output()).toContain('Sahifa is ready');
    expect(third.output()).not.toMatch(/Set up the owner's password|owner\/setup/);
  }, 60_000);
});
