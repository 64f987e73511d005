import { cpSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseDocument } from 'yaml';
import { killTree, request, requireBuild, type Started, sleep, startSite } from './support.js';

/**
 * The built site with its content folder edited on the server while it runs (issue 16, item 4): as
 * `npm start` runs it, with CONTENT_WATCH at its default and turned off.
 */
describe('the content folder edited while the built site runs', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'sahifa-content-watch-'));
  const contentDir = path.join(dir, 'content');
  const env = { DATA_DIR: path.join(dir, 'data'), CONTENT_DIR: contentDir };
  const running: Started[] = [];

  beforeAll(() => {
    requireBuild();
    cpSync('content', contentDir, { recursive: true });
  });

  afterAll(() => {
    for (const site of running) killTree(site.child.pid);
    rmSync(dir, { recursive: true, force: true });
  });

  async function site(extra: Record<string, string> = {}) {
    const started = await startSite({ ...env, ...extra });
    running.push(started);
    return started;
  }

  async function stop(started: Started) {
    started.child.kill('SIGTERM');
    expect((await started.exited).code).toBe(0);
  }

  /** Changes the footer's English description as an editor saves: a temporary file renamed over it. */
  function editFooter(text: string) {
    const file = path.join(contentDir, 'footer.yaml');
    const document = parseDocument(readFileSync(file, 'utf8'));
    document.setIn(['description', 'english'], text);
    writeFileSync(`${file}.tmp`, document.toString());
    renameSync(`${file}.tmp`, file);
  }

  const footer = async (url: string) =>
    JSON.parse((await request(`${url}/api/v1/pages/footer`)).body).data.description.english as string;

  function versions(): { number: number; source: string }[] {
    const sqlite = new SQLite(path.join(env.DATA_DIR, 'sahifa.sqlite'), { readonly: true });
    try {
      return sqlite
        .prepare<[], { number: number; source: string }>('select number, source from content_versions')
        .all();
    } finally {
      sqlite.close();
    }
  }

  async function waitForFooter(url: string, text: string, ms: number): Promise<number | undefined> {
    const started = Date.now();
    while (Date.now() - started < ms) {
      if ((await footer(url)) === text) return Date.now() - started;
      await sleep(50);
    }
    return undefined;
  }

  it('serves a saved file within seconds, and a restart on the unchanged folder publishes nothing', async () => {
    const first = await site();
    expect(versions()).toEqual([{ number: 1, source: 'files' }]);
    editFooter('<p>Edited on the server</p>');
    const took = await waitForFooter(first.url, '<p>Edited on the server</p>', 5_000);
    console.info(`content watch (built site): a saved footer.yaml served after ${took} ms`);
    expect(took).toBeLessThanOrEqual(3_000);
    // Saved again the same way: still seen (a watch on the file itself would have lost it).
    editFooter('<p>Edited twice</p>');
    expect(await waitForFooter(first.url, '<p>Edited twice</p>', 5_000)).toBeLessThanOrEqual(3_000);
    expect(versions()).toEqual([
      { number: 1, source: 'files' },
      { number: 2, source: 'files' },
      { number: 3, source: 'files' },
    ]);
    await stop(first);

    const second = await site();
    await sleep(1_500);
    expect(versions()).toHaveLength(3);
    expect(await footer(second.url)).toBe('<p>Edited twice</p>');
    await stop(second);
  });

  it('with CONTENT_WATCH=false, a change waits for the next start', async () => {
    const unwatched = await site({ CONTENT_WATCH: 'false' });
    editFooter('<p>Seen at the next start</p>');
    expect(await waitForFooter(unwatched.url, '<p>Seen at the next start</p>', 3_000)).toBeUndefined();
    expect(versions()).toHaveLength(3);
    await stop(unwatched);

    const restarted = await site({ CONTENT_WATCH: 'false' });
    expect(await footer(restarted.url)).toBe('<p>Seen at the next start</p>');
    expect(versions()).toHaveLength(4);
    await stop(restarted);
  });
});
