import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { descendants, freePort, killTree, requireBuild, type Started, start, waitFor, waitGone } from './support.js';

/**
 * What a new user does: start the site with npm in the background, then `kill $!`. The PID is npm's;
 * the signal must reach the server through npm, and nothing may be left running or answering.
 */
describe('stopping the site by the PID of its npm command', () => {
  const started: Started[] = [];
  const dirs: string[] = [];
  afterEach(() => {
    for (const { child } of started.splice(0)) killTree(child.pid);
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('npm run serve: SIGTERM to npm stops the server gracefully and leaves no process', async () => {
    requireBuild();
    const port = await freePort();
    const dataDir = mkdtempSync(path.join(tmpdir(), 'sahifa-stop-'));
    dirs.push(dataDir);
    const serve = start('npm', ['run', 'serve'], { PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir });
    started.push(serve);
    await waitFor(`http://127.0.0.1:${port}/api/v1/health`);
    const pid = serve.child.pid ?? 0;
    const tree = descendants(pid);
    expect(tree.length).toBeGreaterThan(0);

    process.kill(pid, 'SIGTERM');
    const { code } = await serve.exited;
    expect(code, serve.output()).toBe(0);
    expect(serve.output()).toContain('shutting down: finishing requests in flight');
    expect(await waitGone(tree)).toEqual([]);
    await expect(fetch(`http://127.0.0.1:${port}/api/v1/health`)).rejects.toThrow();
  });

  it('npm start (build, then serve): SIGTERM to npm stops the server gracefully and leaves no process', async () => {
    const port = await freePort();
    const dataDir = mkdtempSync(path.join(tmpdir(), 'sahifa-stop-'));
    dirs.push(dataDir);
    const site = start('npm', ['start'], { PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir });
    started.push(site);
    await waitFor(`http://127.0.0.1:${port}/api/v1/health`, { timeoutMs: 240_000 });
    const pid = site.child.pid ?? 0;
    const tree = descendants(pid);

    process.kill(pid, 'SIGTERM');
    const { code } = await site.exited;
    expect(code, site.output()).toBe(0);
    expect(site.output()).toContain('shutting down: finishing requests in flight');
    expect(await waitGone(tree)).toEqual([]);
  }, 300_000);

  it('npm run dev: SIGTERM to npm stops the API server and Vite, and leaves no process', async () => {
    const [apiPort, webPort] = [await freePort(), await freePort()];
    const dataDir = mkdtempSync(path.join(tmpdir(), 'sahifa-stop-'));
    dirs.push(dataDir);
    const dev = start('npm', ['run', 'dev'], {
      API_PORT: String(apiPort),
      WEB_PORT: String(webPort),
      DEV_DATA_DIR: dataDir,
    });
    started.push(dev);
    await waitFor(`http://127.0.0.1:${apiPort}/api/v1/health`);
    await waitFor(`http://127.0.0.1:${webPort}/`);
    const pid = dev.child.pid ?? 0;
    const tree = descendants(pid);
    expect(tree.length).toBeGreaterThanOrEqual(3);

    process.kill(pid, 'SIGTERM');
    const { code } = await dev.exited;
    expect(code, dev.output()).toBe(0);
    expect(await waitGone(tree), dev.output()).toEqual([]);
    await expect(fetch(`http://127.0.0.1:${apiPort}/api/v1/health`)).rejects.toThrow();
    await expect(fetch(`http://127.0.0.1:${webPort}/`)).rejects.toThrow();
  });
});
