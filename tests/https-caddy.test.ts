import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseSetCookie } from '../src/server/test/set-cookie.js';
import {
  freePort,
  killTree,
  request,
  requireBuild,
  type Started,
  setOwnerPassword,
  sleep,
  start,
  startSite,
} from './support.js';

const PASSWORD = 'a long owner passphrase';

/**
 * docs/deploy/Caddyfile in front of the built site, as the README deploys it: the app on loopback with
 * TRUST_PROXY naming the proxy, Caddy terminating HTTPS (its internal CA here, Let's Encrypt in real
 * life). Checked over HTTPS: HSTS, X-Forwarded-Proto believed (the owner's cookie becomes
 * `__Host-`/Secure and the same-origin check accepts https://).
 */
describe('behind Caddy over HTTPS (docs/deploy/Caddyfile)', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'sahifa-caddy-'));
  let site: Started & { url: string };
  let caddy: Started;
  let origin: string;
  let httpPort: number;
  let ca: string;

  beforeAll(async () => {
    requireBuild();
    const env = { DATA_DIR: path.join(dir, 'data'), TRUST_PROXY: '127.0.0.1' };
    // As the README says: the first start makes the database, then the owner sets the password.
    site = await startSite(env);
    await setOwnerPassword(env, PASSWORD);

    const [httpsPort, plainPort] = [await freePort(), await freePort()];
    httpPort = plainPort;
    // The test's own global options (no admin API, private ports, the internal CA, nothing installed
    // into the system's trust store), then the shipped file exactly as it is.
    const caddyfile = path.join(dir, 'Caddyfile');
    writeFileSync(
      caddyfile,
      [
        '{',
        '\tadmin off',
        '\tlocal_certs',
        '\tskip_install_trust',
        `\thttp_port ${httpPort}`,
        `\thttps_port ${httpsPort}`,
        `\tstorage file_system ${path.join(dir, 'caddy')}`,
        '}',
        `import ${path.resolve('docs/deploy/Caddyfile')}`,
        '',
      ].join('\n'),
    );
    caddy = start('caddy', ['run', '--config', caddyfile, '--adapter', 'caddyfile'], {
      SAHIFA_DOMAIN: 'localhost',
      SAHIFA_PORT: new URL(site.url).port,
      HOME: dir,
      XDG_DATA_HOME: path.join(dir, 'xdg-data'),
      XDG_CONFIG_HOME: path.join(dir, 'xdg-config'),
    });
    origin = `https://localhost:${httpsPort}`;
    const root = path.join(dir, 'caddy/pki/authorities/local/root.crt');
    for (let attempt = 0; attempt < 150; attempt++) {
      if (existsSync(root)) {
        ca = readFileSync(root, 'utf8');
        const ready = await request(`${origin}/api/v1/health`, { ca }).catch(() => undefined);
        if (ready?.status === 200) return;
      }
      if (caddy.child.exitCode !== null) break;
      await sleep(200);
    }
    throw new Error(`Caddy did not serve HTTPS:\n${caddy.output()}`);
  });

  afterAll(() => {
    killTree(caddy?.child.pid);
    killTree(site?.child.pid);
    rmSync(dir, { recursive: true, force: true });
  });

  it('serves the site over HTTPS with HSTS and the security headers', async () => {
    const page = await request(`${origin}/`, { ca });
    expect(page.status).toBe(200);
    expect(page.body).toContain('<div id="root">');
    const hsts = String(page.headers['strict-transport-security']);
    expect(Number(/max-age=(\d+)/.exec(hsts)?.[1])).toBeGreaterThanOrEqual(31_536_000);
    expect(String(page.headers['content-security-policy'])).toMatch(/^default-src 'none'/);
    expect(page.headers['x-frame-options']).toBe('DENY');
  });

  it('redirects plain HTTP to HTTPS', async () => {
    const plain = await request(`http://localhost:${httpPort}/about`);
    expect(plain.status).toBe(308);
    expect(plain.headers.location).toMatch(/^https:\/\/localhost(:\d+)?\/about$/);
  });

  it('honours X-Forwarded-Proto: signing in over HTTPS sets a __Host- Secure cookie that works', async () => {
    const signIn = await request(`${origin}/api/v1/owner/session`, {
      method: 'POST',
      ca,
      // The same-origin check compares with the request's protocol: it passes only if the app
      // believed Caddy's X-Forwarded-Proto: https.
      headers: { 'content-type': 'application/json', origin },
      body: JSON.stringify({ password: PASSWORD }),
    });
    expect(signIn.status, signIn.body).toBe(200);
    const cookie = String(signIn.headers['set-cookie']);
    const { name, value, attributes } = parseSetCookie(cookie);
    expect(name).toBe('__Host-sahifa_session');
    expect(value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(attributes).toEqual(expect.arrayContaining(['Path=/', 'Secure', 'HttpOnly']));

    const session = await request(`${origin}/api/v1/owner/session`, {
      ca,
      headers: { cookie: cookie.split(';')[0] ?? '' },
    });
    expect(session.status).toBe(200);
  });

  it('over plain HTTP straight to the app, the same sign-in gets a plain cookie (the difference is the proxy)', async () => {
    const signIn = await request(`${site.url}/api/v1/owner/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: site.url },
      body: JSON.stringify({ password: PASSWORD }),
    });
    expect(signIn.status, signIn.body).toBe(200);
    const cookie = String(signIn.headers['set-cookie']);
    expect(cookie).toMatch(/^sahifa_session=/);
    expect(cookie).not.toContain('Secure');
  });
});
