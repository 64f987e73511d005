import {
  chmodSync,
  chownSync,
  cpSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseDocument } from 'yaml';
import { BROWSER_USER_AGENT } from '../scripts/built-site.js';
import { freePort, killTree, requireBuild, type Started, sleep, start, startSite, waitFor } from './support.js';

/** nginx's default user for its workers (Debian: nobody, nogroup). */
const NOBODY = 65534;
/** Short, so the test sees copies expire; the default is 300. */
const PAGE_CACHE_SECONDS = 3;
const ADDRESSES = ['/', '/about', '/portfolio'].flatMap((page) =>
  ['lotin', 'russian', 'english'].map((locale) => `${page}?lang=${locale}`),
);
const HTML_LANG: Record<string, string> = { lotin: 'uz-Latn', russian: 'ru', english: 'en' };
const BROWSER = { 'user-agent': BROWSER_USER_AGENT, 'accept-encoding': 'gzip, deflate, br' };

/** A request as a browser sends it; the body decoded (fetch undoes brotli and gzip). */
async function get(url: string, headers: Record<string, string> = {}) {
  const response = await fetch(url, { headers: { ...BROWSER, ...headers } });
  return { status: response.status, headers: response.headers, body: await response.text() };
}

/**
 * Decision 040 behind a real cache: the shipped docs/deploy/nginx.conf, as it is, in front of the
 * built site. First visits are kept by nginx and reach Sahifa once per address per s-maxage; a
 * visitor with the site's cookies always gets their own page and never leaves it in the cache; a
 * publish shows through the cache within s-maxage; the visitor API is never cached.
 */
describe('first visits kept by nginx in front of the built site', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'sahifa-page-cache-'));
  const contentDir = path.join(dir, 'content');
  const env = {
    DATA_DIR: path.join(dir, 'data'),
    CONTENT_DIR: contentDir,
    PAGE_CACHE_SECONDS: String(PAGE_CACHE_SECONDS),
    TRUST_PROXY: '127.0.0.1',
    VISITOR_RATE_LIMIT: '1000',
  };
  let site: Started & { url: string };
  let nginx: Started;
  let url = '';
  const accessLog = path.join(dir, 'nginx', 'access.log');

  beforeAll(async () => {
    requireBuild();
    cpSync('content', contentDir, { recursive: true });
    site = await startSite(env);
    url = await startNginx(path.join(dir, 'nginx'), new URL(site.url).host);
  });
  afterAll(() => {
    killTree(nginx?.child.pid);
    killTree(site?.child.pid);
    rmSync(dir, { recursive: true, force: true });
  });

  /** The shipped file with this test's upstream, port and folders, inside a minimal main config. */
  async function startNginx(nginxDir: string, upstream: string): Promise<string> {
    mkdirSync(path.join(nginxDir, 'cache'), { recursive: true });
    // Started as root (CI), nginx's workers run as nobody: they must reach and write the cache.
    if (process.getuid?.() === 0) {
      for (const folder of [dir, nginxDir]) chmodSync(folder, 0o711);
      chownSync(path.join(nginxDir, 'cache'), NOBODY, NOBODY);
    }
    const port = await freePort();
    const shipped = readFileSync('docs/deploy/nginx.conf', 'utf8');
    const site = shipped
      .replace('server 127.0.0.1:3000;', `server ${upstream};`)
      .replace('listen 80;', `listen 127.0.0.1:${port};`)
      .replaceAll('/var/cache/nginx/sahifa', path.join(nginxDir, 'cache'));
    for (const changed of [`server ${upstream};`, `listen 127.0.0.1:${port};`, path.join(nginxDir, 'cache')]) {
      expect(site, 'docs/deploy/nginx.conf changed its placeholders').toContain(changed);
    }
    writeFileSync(path.join(nginxDir, 'sahifa.conf'), site);
    const main = `
worker_processes 1;
daemon off;
pid ${nginxDir}/nginx.pid;
error_log ${nginxDir}/error.log warn;
events { worker_connections 256; }
http {
  # What reached Sahifa: an address with an upstream is a request nginx passed on, background
  # refreshes of stale copies included (they are subrequests).
  log_format cache '$request_uri $upstream_cache_status $upstream_addr';
  access_log ${accessLog} cache;
  log_subrequest on;
  client_body_temp_path ${nginxDir}/body;
  proxy_temp_path ${nginxDir}/proxy;
  fastcgi_temp_path ${nginxDir}/fastcgi;
  uwsgi_temp_path ${nginxDir}/uwsgi;
  scgi_temp_path ${nginxDir}/scgi;
  include ${nginxDir}/sahifa.conf;
}
`;
    const file = path.join(nginxDir, 'nginx.conf');
    writeFileSync(file, main);
    nginx = start('nginx', ['-p', nginxDir, '-c', file, '-e', path.join(nginxDir, 'error.log')]);
    const address = `http://127.0.0.1:${port}`;
    await waitFor(`${address}/api/v1/health`, { timeoutMs: 10_000 }).catch((error) => {
      throw new Error(
        `nginx did not start: ${nginx.output()}\n${readFileSync(path.join(nginxDir, 'error.log'), 'utf8')}\n${error}`,
      );
    });
    return address;
  }

  /** The addresses nginx passed on to Sahifa, counted per address, from its log. */
  function upstreamRequests(): Map<string, number> {
    const counts = new Map<string, number>();
    for (const line of readFileSync(accessLog, 'utf8').split('\n')) {
      const [uri, , upstreamAddress] = line.split(' ');
      if (!uri || !upstreamAddress || upstreamAddress === '-') continue;
      counts.set(uri, (counts.get(uri) ?? 0) + 1);
    }
    return counts;
  }

  it('answers 1,000 first visits to nine addresses, reaching Sahifa once per address per s-maxage', async () => {
    writeFileSync(accessLog, '');
    const started = Date.now();
    const statuses = new Map<string, number>();
    let next = 0;
    await Promise.all(
      Array.from({ length: 25 }, async () => {
        while (next < 1000) {
          const address = ADDRESSES[next++ % ADDRESSES.length] ?? '/';
          const answer = await get(`${url}${address}`);
          expect(answer.status).toBe(200);
          expect(answer.headers.get('set-cookie')).toBeNull();
          const cache = String(answer.headers.get('x-cache-status'));
          statuses.set(cache, (statuses.get(cache) ?? 0) + 1);
        }
      }),
    );
    const seconds = (Date.now() - started) / 1000;
    const reached = upstreamRequests();
    const allowed = 1 + Math.floor(seconds / PAGE_CACHE_SECONDS);
    console.info(
      `page cache: 1,000 first visits in ${seconds.toFixed(1)} s, cache statuses ${JSON.stringify(Object.fromEntries(statuses))}, ` +
        `Sahifa reached ${[...reached.values()].reduce((sum, count) => sum + count, 0)} times`,
    );
    for (const address of ADDRESSES) {
      expect(reached.get(address), address).toBeGreaterThanOrEqual(1);
      expect(reached.get(address), address).toBeLessThanOrEqual(allowed);
    }
    // Each language's address got its own language, from the cache too: fresh, or stale while nginx
    // fetches it again once the s-maxage of 3 s has passed (the visits above can take longer than that).
    for (const locale of Object.keys(HTML_LANG)) {
      const answer = await get(`${url}/about?lang=${locale}`);
      expect(answer.headers.get('x-cache-status')).toMatch(/^(HIT|STALE|UPDATING)$/);
      expect(answer.body).toContain(`<html lang="${HTML_LANG[locale]}"`);
    }
  });

  it("gives a visitor with the site's cookies their own page, and never keeps it for others", async () => {
    const russian = await get(`${url}/contact`, { cookie: 'locale=russian' });
    expect(russian.body).toContain('<html lang="ru"');
    expect(russian.headers.get('x-cache-status')).toBe('BYPASS');
    expect(russian.headers.get('cache-control')).toBe('private, no-cache');
    const dark = await get(`${url}/contact`, { cookie: '_ga=1; theme=dark' });
    expect(dark.body).toContain('data-theme="dark"');
    expect(dark.headers.get('x-cache-status')).toBe('BYPASS');
    // The first visit after them is not given either of their pages.
    const first = await get(`${url}/contact`);
    expect(first.headers.get('x-cache-status')).toBe('MISS');
    expect(first.body).toContain('<html lang="uz-Latn">');
    // A cached first visit is not given to a visitor with cookies either.
    const again = await get(`${url}/contact`, { cookie: 'locale=english' });
    expect(again.body).toContain('<html lang="en"');
  });

  it('shows a publish through the cache within s-maxage', async () => {
    const address = `${url}/?lang=english`;
    // The page is in the cache (from the first test; fresh or stale by now).
    expect((await get(address)).headers.get('x-cache-status')).toMatch(/^(HIT|STALE|UPDATING|EXPIRED)$/);
    const file = path.join(contentDir, 'footer.yaml');
    const document = parseDocument(readFileSync(file, 'utf8'));
    document.setIn(['description', 'english'], '<p>Published behind the cache</p>');
    writeFileSync(`${file}.tmp`, document.toString());
    renameSync(`${file}.tmp`, file);
    const saved = Date.now();
    let seenAfter: number | undefined;
    while (Date.now() - saved < 15_000) {
      if ((await get(address)).body.includes('Published behind the cache')) {
        seenAfter = Date.now() - saved;
        break;
      }
      await sleep(100);
    }
    console.info(`page cache: a publish seen through nginx after ${seenAfter} ms (s-maxage ${PAGE_CACHE_SECONDS} s)`);
    expect(seenAfter).toBeDefined();
    // The folder watch publishes within about a second; then at most s-maxage and one refresh.
    expect(seenAfter).toBeLessThanOrEqual(PAGE_CACHE_SECONDS * 1000 + 3_000);
  });

  it('counts visits exactly: the visitor API is never answered from the cache', async () => {
    const before = visitCount();
    const tokens = new Set<string>();
    for (let visit = 0; visit < 20; visit++) {
      const answer = await get(`${url}/api/v1/visitor/create/web?path=%2Fabout`);
      expect(answer.status).toBe(200);
      expect(answer.headers.get('x-cache-status')).not.toBe('HIT');
      tokens.add(JSON.parse(answer.body).data.token);
    }
    expect(tokens.size).toBe(20);
    expect(visitCount() - before).toBe(20);
  });

  function visitCount(): number {
    const sqlite = new SQLite(path.join(env.DATA_DIR, 'sahifa.sqlite'), { readonly: true });
    try {
      return (sqlite.prepare('select count(*) as count from visits').get() as { count: number }).count;
    } finally {
      sqlite.close();
    }
  }
});
