import { type ChildProcess, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from './built-site.js';

async function until<T>(read: () => Promise<T | undefined>, ms: number): Promise<T> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    const value = await read().catch(() => undefined);
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('timed out');
}

/** `npm run dev` as a developer runs it, on a copy of the content and a data folder of its own. */
describe('npm run dev', () => {
  let dir: string;
  let dev: ChildProcess;
  let output = '';
  let api: string;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'sahifa-dev-'));
    cpSync('content', path.join(dir, 'content'), { recursive: true });
    const [apiPort, vitePort] = [await freePort(), await freePort()];
    api = `http://127.0.0.1:${apiPort}`;
    dev = spawn(process.execPath, ['scripts/dev.mjs'], {
      env: {
        ...process.env,
        API_PORT: String(apiPort),
        WEB_PORT: String(vitePort),
        CONTENT_DIR: path.join(dir, 'content'),
        DEV_DATA_DIR: path.join(dir, 'data'),
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
      // Its own process group, so the API, Vite and npx all stop together.
      detached: true,
    });
    dev.stdout?.on('data', (chunk) => {
      output += chunk;
    });
    dev.stderr?.on('data', (chunk) => {
      output += chunk;
    });
    await until(async () => ((await fetch(`${api}/api/v1/pages/footer`)).ok ? true : undefined), 60_000).catch(() => {
      throw new Error(`npm run dev did not start:\n${output}`);
    });
  }, 90_000);

  afterAll(() => {
    if (dev.pid) process.kill(-dev.pid, 'SIGTERM');
    rmSync(dir, { recursive: true, force: true });
  });

  it('reloads the content when a file changes', async () => {
    const footerFile = path.join(dir, 'content', 'footer.yaml');
    const edited = 'Edited while the dev server runs';
    writeFileSync(footerFile, readFileSync(footerFile, 'utf8').replace('Working from Tashkent', edited));
    const description = await until(async () => {
      const { data } = (await (await fetch(`${api}/api/v1/pages/footer`)).json()) as {
        data: { description: { english: string } };
      };
      return data.description.english.includes(edited) ? data.description.english : undefined;
    }, 30_000);
    expect(description).toContain(edited);
  }, 40_000);

  it('keeps its own database, not the production one', () => {
    expect(existsSync(path.join(dir, 'data', 'sahifa.sqlite'))).toBe(true);
  });

  it('points at Vite instead of serving the last production build', async () => {
    const page = await (await fetch(`${api}/`)).text();
    expect(page).toContain('In development the site is served by Vite');
    expect(page).not.toContain('/assets/');
    expect(output).toMatch(/Sahifa in development: open http:\/\/127\.0\.0\.1:\d+\//);
  });
});
