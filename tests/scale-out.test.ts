import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrations } from '../src/server/db/migrations/index.js';
import { headerOf, startTestSmtp, type TestSmtp } from '../src/server/test/smtp.js';
import { type Balancer, startBalancer } from './nginx.js';
import { createFreshDatabase, type FreshDatabase } from './postgres.js';
import {
  freePort,
  killTree,
  marked,
  markersIn,
  type Owner,
  request,
  requireBuild,
  type Started,
  setOwnerPassword,
  signInOwner,
  sleep,
  start,
  waitFor,
} from './support.js';

const PASSWORD = 'a long owner passphrase';

interface Sent {
  status: number;
  id?: string;
  upstream?: string;
}

/**
 * Two Sahifa processes on one PostgreSQL database behind nginx (round robin), as the README's
 * "several machines" runs them: what one process does, the other sees.
 */
describe('two processes on one PostgreSQL behind nginx', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'sahifa-scale-'));
  let database: FreshDatabase;
  let smtp: TestSmtp;
  let balancer: Balancer;
  const sites: (Started & { url: string })[] = [];
  let acknowledged = 0;
  let owner: Owner;

  /** A contact message through the balancer, from the visitor address `visitor` (via X-Forwarded-For). */
  async function sendMessage(visitor: string, text: string): Promise<Sent> {
    const answer = await request(`${balancer.url}/api/v1/contact`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': visitor },
      body: JSON.stringify({ name: 'Laylo', email: 'laylo@example.uz', message: text }),
    }).catch(() => ({ status: 0, headers: {} as Record<string, undefined>, body: '' }));
    const sent: Sent = { status: answer.status, upstream: String(answer.headers['x-upstream'] ?? '') };
    if (answer.status === 201) {
      acknowledged++;
      sent.id = JSON.parse(answer.body).data.id;
    }
    return sent;
  }

  beforeAll(async () => {
    requireBuild();
    database = await createFreshDatabase('sahifa_scale');
    smtp = await startTestSmtp();
    const ports = [await freePort(), await freePort()];
    // Both at the same moment, on an empty database: each runs the migrations at start-up.
    for (const [index, port] of ports.entries()) {
      const site = start(process.execPath, ['dist/node/server/main.js'], {
        HOST: '127.0.0.1',
        PORT: String(port),
        DATABASE_URL: database.url,
        DATA_DIR: path.join(dir, `data-${index}`),
        TRUST_PROXY: '127.0.0.1',
        LOG_LEVEL: 'warn',
        SMTP_URL: smtp.url,
        MAIL_FROM: 'site@example.uz',
        MAIL_TO: 'owner@example.uz',
      });
      sites.push({ ...site, url: `http://127.0.0.1:${port}` });
    }
    await Promise.all(
      sites.map((site) =>
        waitFor(`${site.url}/api/v1/health`, { timeoutMs: 30_000 }).catch((error) => {
          throw new Error(`${String(error)}\n${site.output()}`);
        }),
      ),
    );
    balancer = await startBalancer(
      path.join(dir, 'nginx'),
      sites.map((site) => new URL(site.url).host),
    );
  });

  afterAll(async () => {
    balancer?.stop();
    for (const site of sites) killTree(site.child.pid);
    await smtp?.stop();
    await database?.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('both came up on the empty database, with every migration applied once and the content folder imported once', async () => {
    for (const site of sites) expect(site.child.exitCode, site.output()).toBeNull();
    const applied = await database.query<{ name: string }>('select name from kysely_migration order by name');
    expect(applied.map((row) => row.name)).toEqual(Object.keys(migrations).sort());
    // Both imported the same content folder at the same moment: it became one version, not two.
    const versions = await database.query<{ number: number; source: string }>(
      'select number, source from content_versions order by number',
    );
    expect(versions).toEqual([{ number: 1, source: 'files' }]);
  });

  it('nginx spreads requests over both', async () => {
    const upstreams = new Set<string>();
    for (let index = 0; index < 6; index++) {
      const answer = await request(`${balancer.url}/api/v1/pages/footer`);
      expect(answer.status).toBe(200);
      upstreams.add(String(answer.headers['x-upstream']));
    }
    expect(upstreams).toEqual(new Set(sites.map((site) => new URL(site.url).host)));
  });

  it('holds the contact limit across both: of 8 messages from one visitor at once, exactly 5 are accepted', async () => {
    const sent = await Promise.all(
      Array.from({ length: 8 }, (_, index) => sendMessage('203.0.113.50', `Limit test ${index}`)),
    );
    expect(sent.filter((answer) => answer.status === 201)).toHaveLength(5);
    expect(sent.filter((answer) => answer.status === 429)).toHaveLength(3);
    // Both processes took part, so the count really was shared.
    expect(new Set(sent.map((answer) => answer.upstream)).size).toBe(2);
  });

  it('a session made through one process works on the other', async () => {
    await setOwnerPassword({ DATABASE_URL: database.url }, PASSWORD);
    const [first, second] = sites.map((site) => site.url);
    const signIn = await request(`${first}/api/v1/owner/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: first ?? '' },
      body: JSON.stringify({ password: PASSWORD }),
    });
    expect(signIn.status, signIn.body).toBe(200);
    const cookie = String(signIn.headers['set-cookie']).split(';')[0] ?? '';
    const elsewhere = await request(`${second}/api/v1/owner/session`, { headers: { cookie } });
    expect(elsewhere.status, elsewhere.body).toBe(200);
    const signedOut = await request(`${second}/api/v1/owner/session`);
    expect(signedOut.status).toBe(401);
    owner = await signInOwner(first ?? '', PASSWORD);
  });

  it('a version published through one process is served by the other in every language within 2 seconds', async () => {
    const [first, second] = sites.map((site) => site.url) as [string, string];
    const data = (answer: { status: number; body: string }) => {
      expect(answer.status, answer.body).toBe(200);
      return JSON.parse(answer.body).data;
    };
    const { draft, published } = data(await owner.send(first, 'GET', '/api/v1/owner/content/draft'));
    const { content } = data(await owner.send(first, 'GET', `/api/v1/owner/content/versions/${published.number}`));
    const marker = `scale-out-${Date.now()}`;
    const saved = await owner.send(first, 'PUT', '/api/v1/owner/content/draft', {
      content: marked(content, marker),
      basedOn: published.number,
      revision: draft.revision,
    });
    expect(saved.status, saved.body).toBe(200);

    // Each page in every language and the home section, from each process and through nginx.
    const paths = ['/?lang=lotin', '/?lang=russian', '/?lang=english', '/api/v1/pages/home'];
    const targets = paths.flatMap((address) =>
      [second, first, balancer.url].map((origin) => ({ origin, address, url: `${origin}${address}` })),
    );
    const etagsBefore = new Map<string, string>();
    for (const target of targets) {
      const answer = await request(target.url);
      expect(answer.status).toBe(200);
      expect(markersIn(answer.body).has(marker)).toBe(false);
      if (target.origin === second) etagsBefore.set(target.address, String(answer.headers.etag));
    }

    const started = Date.now();
    const publish = await owner.send(first, 'POST', '/api/v1/owner/content/publish', { note: 'scale-out' });
    expect(publish.status, publish.body).toBe(200);
    const servedAfter = new Map<string, number>();
    const etagsAfter = new Map<string, string>();
    // Through nginx, four answers in a row (both processes in the round robin) must be new.
    const inARow = new Map<string, number>();
    while (servedAfter.size < targets.length && Date.now() - started < 5_000) {
      await Promise.all(
        targets
          .filter((target) => !servedAfter.has(target.url))
          .map(async (target) => {
            const answer = await request(target.url);
            if (answer.status !== 200 || !answer.body.includes(marker)) {
              inARow.set(target.url, 0);
              return;
            }
            const count = (inARow.get(target.url) ?? 0) + 1;
            inARow.set(target.url, count);
            if (target.origin === balancer.url && count < 4) return;
            servedAfter.set(target.url, Date.now() - started);
            if (target.origin === second) etagsAfter.set(target.address, String(answer.headers.etag));
          }),
      );
      await sleep(50);
    }
    const slowest = Math.max(...servedAfter.values());
    console.info(
      `scale-out: a version published through one process served everywhere after ${slowest} ms ` +
        `(the other process: ${Math.max(...targets.filter((target) => target.origin === second).map((target) => servedAfter.get(target.url) ?? Number.NaN))} ms)`,
    );
    expect(
      servedAfter.size,
      `not served: ${targets.filter((target) => !servedAfter.has(target.url)).map((target) => target.url)}`,
    ).toBe(targets.length);
    expect(slowest).toBeLessThanOrEqual(2_000);
    for (const address of paths) {
      expect(etagsAfter.get(address)).not.toBe(etagsBefore.get(address));
      // The content version, and with entries published the collections' revision and visible count.
      expect(etagsAfter.get(address)).toMatch(/^(?:W\/)?"v\d+(?:\.\d+\.\d+)?-/);
    }
  });

  it('N messages make exactly N e-mails, though both processes deliver', async () => {
    const count = 20;
    const sent = await Promise.all(
      Array.from({ length: count }, (_, index) => sendMessage(`198.51.100.${index + 1}`, `Mail test ${index}`)),
    );
    expect(sent.every((answer) => answer.status === 201)).toBe(true);

    // Every message acknowledged so far (the limit test's five too) is mailed once. Message e-mails
    // are those answering a visitor (Reply-To); the owner's sign-in above is announced as well.
    const messageMails = () => smtp.messages.filter((raw) => headerOf(raw, 'reply-to') !== undefined);
    const deadline = Date.now() + 60_000;
    while (messageMails().length < acknowledged && Date.now() < deadline) await sleep(200);
    // A duplicate would come from the other worker at the same moment; give it time to show.
    await sleep(6_000);
    expect(messageMails()).toHaveLength(acknowledged);
    const messageIds = smtp.messages.map((raw) => headerOf(raw, 'message-id'));
    expect(new Set(messageIds).size).toBe(smtp.messages.length);
    for (let index = 0; index < count; index++) {
      expect(
        smtp.messages.filter((raw) => raw.includes(`Mail test ${index}\r\n`) || raw.includes(`Mail test ${index}\n`)),
      ).toHaveLength(1);
    }
  });

  it('with one process SIGKILLed, nginx keeps answering and no acknowledged message is missing', async () => {
    const results: Sent[] = [];
    let killedAt = 0;
    let next = 0;
    const total = 120;
    const victim = sites[1];
    // Eight senders at once; the second process dies a third of the way through.
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        while (next < total) {
          const index = next++;
          if (index === 40 && victim) {
            victim.child.kill('SIGKILL');
            killedAt = Date.now();
          }
          const answer = await sendMessage(`192.0.2.${(index % 200) + 1}`, `Kill test ${index}`);
          results[index] = answer;
        }
      }),
    );
    expect(killedAt).toBeGreaterThan(0);
    await victim?.exited;

    // Only the requests in flight on the dead process at that moment may fail, and only as 502.
    const failed = results.filter((answer) => answer.status !== 201);
    expect(failed.every((answer) => answer.status === 502)).toBe(true);
    expect(failed.length).toBeLessThanOrEqual(8);
    // The last requests were all answered by the survivor.
    const tail = results.slice(-40);
    expect(tail.every((answer) => answer.status === 201)).toBe(true);
    expect(new Set(tail.map((answer) => answer.upstream))).toEqual(new Set([new URL(sites[0]?.url ?? '').host]));

    const ids = results.flatMap((answer) => (answer.id ? [answer.id] : []));
    const stored = await database.query<{ id: string }>('select id from contact_messages where id = any($1)', [ids]);
    expect(stored).toHaveLength(ids.length);
    expect((await request(`${balancer.url}/api/v1/health`)).status).toBe(200);
  });
});
