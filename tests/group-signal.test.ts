import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  descendants,
  freePort,
  isRunning,
  killTree,
  requireBuild,
  type Started,
  sleep,
  start,
  waitFor,
  waitGone,
} from './support.js';

interface HeldRequest {
  /** Sends the rest of the body. */
  finish: () => void;
  /** The status and body, or the error (a reset) the client got. */
  answer: Promise<{ status: number; body: string } | Error>;
}

/**
 * A contact message whose body is sent in two parts: the server has its headers and is waiting for
 * the rest, so the request is in flight for as long as the test wants.
 */
function heldContact(url: string, index: number): HeldRequest {
  const body = JSON.stringify({
    name: `Visitor ${index}`,
    email: `visitor${index}@example.uz`,
    message: 'Salom! Loyiha haqida gaplashsak.',
    filled_in_ms: 20_000,
  });
  const half = Math.floor(body.length / 2);
  const outgoing = request(`${url}/api/v1/contact`, {
    method: 'POST',
    agent: false,
    headers: { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) },
  });
  const answer = new Promise<{ status: number; body: string } | Error>((resolve) => {
    outgoing.on('response', (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk) => {
        text += chunk;
      });
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
      response.on('error', resolve);
    });
    outgoing.on('error', resolve);
  });
  outgoing.write(body.slice(0, half));
  return { finish: () => outgoing.end(body.slice(half)), answer };
}

/** Signals the process group `group` leads, as a terminal or `docker stop` does; a group already gone is fine. */
function signalGroup(group: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-group, signal);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ESRCH') throw error;
  }
}

/**
 * Ctrl+C in a terminal, `docker stop` and most supervisors signal the whole process group: npm and the
 * server each get the signal, and npm passes its copy on, so the server gets it twice (three times
 * under `npm start`). The second copy must not kill the server while it finishes the requests in flight.
 */
describe('a signal to the process group of `npm run serve`', () => {
  const started: Started[] = [];
  const dirs: string[] = [];
  afterEach(() => {
    for (const { child } of started.splice(0)) killTree(child.pid);
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  async function serve() {
    requireBuild();
    const port = await freePort();
    const dataDir = mkdtempSync(path.join(tmpdir(), 'sahifa-signal-'));
    dirs.push(dataDir);
    const site = start(
      'npm',
      ['run', 'serve'],
      { PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, CONTACT_RATE_LIMIT: '1000' },
      { detached: true },
    );
    started.push(site);
    const url = `http://127.0.0.1:${port}`;
    await waitFor(`${url}/api/v1/health`);
    const group = site.child.pid ?? 0;
    const tree = [group, ...descendants(group)];
    return { site, url, group, tree };
  }

  /** Contact messages in flight, their bodies half sent; resolves once the server has logged each one's arrival. */
  async function inFlight(site: Started, url: string, count: number) {
    const held = Array.from({ length: count }, (_, index) => heldContact(url, index));
    const arrived = () =>
      site
        .output()
        .split('\n')
        .filter((line) => line.includes('"url":"/api/v1/contact"') && line.includes('"msg":"incoming request"')).length;
    const deadline = Date.now() + 30_000;
    while (arrived() < count) {
      if (Date.now() > deadline) throw new Error(`${arrived()} of ${count} requests arrived\n${site.output()}`);
      await sleep(50);
    }
    return held;
  }

  it('SIGTERM, and SIGTERM again seconds later: all 50 requests in flight are answered, and it exits 0', async () => {
    const { site, url, group, tree } = await serve();
    const held = await inFlight(site, url, 50);

    signalGroup(group, 'SIGTERM');
    // Both copies of the signal have arrived (npm passes its copy on within milliseconds), and a
    // supervisor's repeated SIGTERM after its own wait never forces the stop either.
    await sleep(2_200);
    signalGroup(group, 'SIGTERM');
    await sleep(300);
    for (const request of held) request.finish();

    const answers = await Promise.all(held.map((request) => request.answer));
    expect(
      answers.map((answer) => (answer instanceof Error ? answer.message : answer.status)),
      site.output(),
    ).toEqual(Array.from({ length: 50 }, () => 201));
    const { code } = await site.exited;
    expect(code, site.output()).toBe(0);
    expect(site.output()).toContain('shutting down: finishing requests in flight');
    expect(site.output()).not.toContain('stopping at once');
    expect(await waitGone(tree)).toEqual([]);
  });

  it('Ctrl+C pressed three times within two seconds still finishes the requests in flight, and exits 0', async () => {
    const { site, url, group, tree } = await serve();
    const held = await inFlight(site, url, 50);

    for (let press = 0; press < 3; press++) {
      signalGroup(group, 'SIGINT');
      await sleep(300);
    }
    for (const request of held) request.finish();

    const answers = await Promise.all(held.map((request) => request.answer));
    expect(
      answers.map((answer) => (answer instanceof Error ? answer.message : answer.status)),
      site.output(),
    ).toEqual(Array.from({ length: 50 }, () => 201));
    const { code } = await site.exited;
    expect(code, site.output()).toBe(0);
    expect(site.output()).not.toContain('stopping at once');
    expect(await waitGone(tree)).toEqual([]);
  });

  it('Ctrl+C again two seconds after the first stops at once, saying so, with exit code 130', async () => {
    const { site, url, group, tree } = await serve();
    // Never finished: without a forced stop the server would wait for it until its 10 s limit.
    const [held] = await inFlight(site, url, 1);

    signalGroup(group, 'SIGINT');
    // The two seconds count from when the server took the first Ctrl+C, which a loaded machine may
    // deliver late: counted from the test's press, the second came too early and was read as a copy.
    for (let waited = 0; !site.output().includes('shutting down: finishing requests in flight'); waited += 50) {
      expect(waited, site.output()).toBeLessThan(20_000);
      await sleep(50);
    }
    await sleep(2_200);
    expect(isRunning(group), site.output()).toBe(true);
    const pressed = Date.now();
    signalGroup(group, 'SIGINT');

    const { code } = await site.exited;
    expect(Date.now() - pressed).toBeLessThan(3_000);
    expect(code, site.output()).toBe(130);
    expect(site.output()).toContain('Ctrl+C again: stopping at once, without finishing the requests in flight');
    expect(await held?.answer).toBeInstanceOf(Error);
    expect(await waitGone(tree)).toEqual([]);
  });
});
