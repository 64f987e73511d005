import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFreshDatabase, type FreshDatabase } from './postgres.js';
import {
  type Answer,
  killTree,
  marked,
  markersIn,
  type Owner,
  request,
  requireBuild,
  SECTIONS,
  type Started,
  setOwnerPassword,
  signInOwner,
  sleep,
  startSite,
} from './support.js';

/** Rounds of SIGKILL, and concurrent submissions per round (the measurement: 10 × 200). */
const ROUNDS = Number(process.env.DURABILITY_ROUNDS ?? 10);
const PER_ROUND = 200;
const BAD_REQUESTS = 3_000;
/** Publishes killed at a random moment, and draft saves killed right after their answer. */
const PUBLISH_ROUNDS = Number(process.env.DURABILITY_PUBLISH_ROUNDS ?? 15);
const DRAFT_ROUNDS = Number(process.env.DURABILITY_DRAFT_ROUNDS ?? 5);
const PASSWORD = 'a long owner passphrase';

interface Figures {
  acknowledged: number;
  lost: number;
  serverErrors: number;
}

const failed: Answer = { status: 0, headers: {}, body: '' };

/**
 * The built server, killed without warning while it stores contact messages, attacked with random
 * requests, and stopped with requests in flight — on SQLite and on PostgreSQL. The figures go in the
 * README ("Durability"); each run prints them.
 */
export function describeDurability(dialect: 'sqlite' | 'postgres'): void {
  describe(`durability on ${dialect}`, () => {
    const dir = mkdtempSync(path.join(tmpdir(), `sahifa-durability-${dialect}-`));
    let database: FreshDatabase | undefined;
    let env: Record<string, string>;
    const running: Started[] = [];

    beforeAll(async () => {
      requireBuild();
      env = {
        DATA_DIR: path.join(dir, 'data'),
        TRUST_PROXY: '127.0.0.1',
        CONTACT_RATE_LIMIT: '1000',
        VISITOR_RATE_LIMIT: '100000',
      };
      if (dialect === 'postgres') {
        database = await createFreshDatabase('sahifa_durability');
        env.DATABASE_URL = database.url;
      }
    });

    afterAll(async () => {
      for (const site of running) killTree(site.child.pid);
      await database?.drop();
      rmSync(dir, { recursive: true, force: true });
    });

    async function site(extra: Record<string, string> = {}) {
      const started = await startSite({ ...env, ...extra });
      running.push(started);
      return started;
    }

    /** Every contact message id in the database, read the way each engine is read by an operator. */
    async function storedIds(): Promise<Set<string>> {
      if (database) {
        return new Set((await database.query<{ id: string }>('select id from contact_messages')).map((row) => row.id));
      }
      const sqlite = new SQLite(path.join(env.DATA_DIR ?? '', 'sahifa.sqlite'), { readonly: true });
      try {
        expect(sqlite.pragma('integrity_check', { simple: true })).toBe('ok');
        return new Set(
          sqlite
            .prepare<[], { id: string }>('select id from contact_messages')
            .all()
            .map((row) => row.id),
        );
      } finally {
        sqlite.close();
      }
    }

    const contact = (url: string, visitor: string, text: string) =>
      request(`${url}/api/v1/contact`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': visitor },
        body: JSON.stringify({ name: 'Laylo', email: 'laylo@example.uz', message: text }),
      }).catch(() => failed);

    it(`loses no acknowledged message over ${ROUNDS} rounds of SIGKILL during ${PER_ROUND} concurrent submissions`, async () => {
      const acknowledged = new Set<string>();
      let serverErrors = 0;
      for (let round = 0; round < ROUNDS; round++) {
        const server = await site();
        // Killed once somewhere between a tenth and nine tenths of the round's answers have come back.
        const killAfter = Math.floor(PER_ROUND * (0.1 + 0.8 * Math.random()));
        let answered = 0;
        await Promise.all(
          Array.from({ length: PER_ROUND }, async (_, index) => {
            const answer = await contact(
              server.url,
              `10.${round}.${index >> 8}.${index & 255}`,
              `Round ${round}, ${index}`,
            );
            if (answer.status >= 500) serverErrors++;
            if (answer.status === 201) acknowledged.add(JSON.parse(answer.body).data.id);
            if (++answered === killAfter) server.child.kill('SIGKILL');
          }),
        );
        await server.exited;
      }

      const stored = await storedIds();
      const lost = [...acknowledged].filter((id) => !stored.has(id)).length;
      report({ acknowledged: acknowledged.size, lost, serverErrors }, `${ROUNDS} SIGKILL rounds`);
      expect(acknowledged.size).toBeGreaterThan(ROUNDS * PER_ROUND * 0.1);
      expect(lost).toBe(0);
      expect(serverErrors).toBe(0);
    });

    it(`answers ${BAD_REQUESTS} random requests without a 5xx, and stays healthy`, async () => {
      const server = await site();
      const requests = fc.sample(badRequest(), { numRuns: BAD_REQUESTS, seed: 20261122 });
      const statuses = new Map<number, number>();
      let next = 0;
      await Promise.all(
        Array.from({ length: 16 }, async () => {
          while (next < requests.length) {
            const { method, url, headers, body } = requests[next++] as BadRequest;
            const answer = await request(`${server.url}${url}`, { method, headers, body }).catch(() => failed);
            statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
          }
        }),
      );
      const serverErrors = [...statuses].filter(([status]) => status >= 500).reduce((sum, [, count]) => sum + count, 0);
      report({ acknowledged: 0, lost: 0, serverErrors }, `${BAD_REQUESTS} random requests`);
      expect(Object.fromEntries([...statuses].filter(([status]) => status >= 500 || status === 0))).toEqual({});
      expect((await request(`${server.url}/api/v1/health`)).status).toBe(200);
      server.child.kill('SIGTERM');
      await server.exited;
    });

    it('on SIGTERM answers all 50 requests in flight, stores them, and exits 0', async () => {
      // At `info` the server logs each request it has begun, so the test knows all 50 are in flight.
      const server = await site({ LOG_LEVEL: 'info' });
      const { port } = new URL(server.url);
      // Fifty messages whose bodies are still arriving when the signal comes.
      const inFlight = Array.from({ length: 50 }, (_, index) =>
        slowContact(Number(port), `172.16.0.${index + 1}`, `In flight ${index}`),
      );
      const begun = () => server.output().split('"url":"/api/v1/contact"').length - 1;
      for (let waited = 0; begun() < 50 && waited < 10_000; waited += 50) await sleep(50);
      expect(begun()).toBe(50);
      server.child.kill('SIGTERM');
      await sleep(300);
      for (const slow of inFlight) slow.finish();
      const answers = await Promise.all(inFlight.map((slow) => slow.answer));
      const { code } = await server.exited;
      expect(answers.map((answer) => answer.status)).toEqual(Array(50).fill(201));
      expect(code).toBe(0);
      const stored = await storedIds();
      const lost = answers.filter((answer) => !stored.has(JSON.parse(answer.body).data.id)).length;
      report({ acknowledged: answers.length, lost, serverErrors: 0 }, 'SIGTERM with 50 in flight');
      expect(lost).toBe(0);
      // And a new request after the signal is refused, not half-served: the port is closed.
      await expect(request(`${server.url}/api/v1/health`)).rejects.toThrow();
    });

    /** The owner's session, made once: sessions live in the database and survive every restart. */
    let owner: Owner | undefined;
    async function ownerOf(url: string): Promise<Owner> {
      if (!owner) {
        await setOwnerPassword(env, PASSWORD);
        owner = await signInOwner(url, PASSWORD);
      }
      return owner;
    }

    const data = (answer: Answer) => {
      if (answer.status !== 200) throw new Error(`answered ${answer.status}: ${answer.body}`);
      return JSON.parse(answer.body).data;
    };

    /** The draft and the published version with its whole content, as the owner API gives them. */
    async function contentStore(url: string, signedIn: Owner) {
      const { draft, published } = data(await signedIn.send(url, 'GET', '/api/v1/owner/content/draft'));
      const version = data(await signedIn.send(url, 'GET', `/api/v1/owner/content/versions/${published.number}`));
      return { draft, number: version.number as number, content: version.content as Record<string, unknown> };
    }

    /** Every section a visitor's browser reads, as served now. */
    async function servedSections(url: string): Promise<string[]> {
      return Promise.all(SECTIONS.map(async (section) => (await request(`${url}/api/v1/pages/${section}`)).body));
    }

    it(`a publish killed at a random moment leaves the previous version or the new one, never half of each (${PUBLISH_ROUNDS} rounds)`, async () => {
      const outcomes = { previous: 0, published: 0, acknowledged: 0 };
      let server = await site();
      const signedIn = await ownerOf(server.url);
      let before = await contentStore(server.url, signedIn);
      let servedBefore = await servedSections(server.url);
      for (let round = 0; round < PUBLISH_ROUNDS; round++) {
        const marker = `${dialect}-publish-${round}`;
        const next = marked(before.content, marker);
        const saved = await signedIn.send(server.url, 'PUT', '/api/v1/owner/content/draft', {
          content: next,
          basedOn: before.number,
          revision: before.draft.revision,
        });
        expect(saved.status, saved.body).toBe(200);

        // The publish is sent, and the process killed 0–40 ms later: before, during or after its write.
        const publish = signedIn
          .send(server.url, 'POST', '/api/v1/owner/content/publish', { note: marker })
          .catch(() => failed);
        await sleep(Math.random() * 40);
        server.child.kill('SIGKILL');
        const answer = await publish;
        await server.exited;

        server = await site();
        const after = await contentStore(server.url, signedIn);
        const servedAfter = await servedSections(server.url);
        const markers = new Set(servedAfter.flatMap((body) => [...markersIn(body)]));
        if (after.number === before.number) {
          outcomes.previous++;
          expect(answer.status, 'an acknowledged publish was lost').not.toBe(200);
          expect(after.content).toEqual(before.content);
          expect(servedAfter).toEqual(servedBefore);
        } else {
          outcomes.published++;
          if (answer.status === 200) outcomes.acknowledged++;
          expect(after.number).toBe(before.number + 1);
          expect(after.content).toEqual(next);
          // Every section from the new version: its marker everywhere, the previous one nowhere.
          expect(markers).toEqual(new Set([marker]));
          for (const body of servedAfter) expect(body).toContain(marker);
        }
        // The draft saved before the kill is there either way.
        expect(after.draft.content).toEqual(next);
        before = after;
        servedBefore = servedAfter;
      }
      server.child.kill('SIGTERM');
      await server.exited;
      console.info(
        `durability (${dialect}) ${PUBLISH_ROUNDS} publishes killed at random: ${outcomes.previous} left the previous version, ` +
          `${outcomes.published} the new one (${outcomes.acknowledged} of them acknowledged), 0 mixed`,
      );
    });

    it(`an acknowledged draft save survives a SIGKILL right after its answer (${DRAFT_ROUNDS} rounds)`, async () => {
      let server = await site();
      const signedIn = await ownerOf(server.url);
      for (let round = 0; round < DRAFT_ROUNDS; round++) {
        const { draft, number, content } = await contentStore(server.url, signedIn);
        const next = marked(content, `${dialect}-draft-${round}`);
        const saved = await signedIn.send(server.url, 'PUT', '/api/v1/owner/content/draft', {
          content: next,
          basedOn: number,
          revision: draft.revision,
        });
        server.child.kill('SIGKILL');
        expect(saved.status, saved.body).toBe(200);
        await server.exited;

        server = await site();
        const after = await contentStore(server.url, signedIn);
        expect(after.draft.content).toEqual(next);
        expect(after.draft.revision).toBe(draft.revision + 1);
      }
      server.child.kill('SIGTERM');
      await server.exited;
    });

    function report(figures: Figures, what: string) {
      console.info(
        `durability (${dialect}) ${what}: ${figures.acknowledged} acknowledged, ${figures.lost} lost, ${figures.serverErrors} answered 5xx`,
      );
    }
  });
}

/** A contact POST whose body is held back after its first bytes until `finish()`. */
function slowContact(port: number, visitor: string, text: string) {
  const body = JSON.stringify({ name: 'Laylo', email: 'laylo@example.uz', message: text });
  let finish = () => {};
  const answer = (async () => {
    const { request: httpRequest } = await import('node:http');
    return new Promise<Answer>((resolve, reject) => {
      const outgoing = httpRequest(
        {
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: '/api/v1/contact',
          headers: {
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(body),
            'x-forwarded-for': visitor,
          },
        },
        (response) => {
          let text = '';
          response.on('data', (chunk) => {
            text += chunk;
          });
          response.on('end', () =>
            resolve({ status: response.statusCode ?? 0, headers: response.headers, body: text }),
          );
          response.on('error', reject);
        },
      );
      outgoing.on('error', reject);
      outgoing.write(body.slice(0, 10));
      finish = () => outgoing.end(body.slice(10));
    });
  })();
  return {
    answer,
    finish: () => finish(),
  };
}

interface BadRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string;
}

/** Requests a careless or hostile client might send: any method, path, header and body. */
function badRequest(): fc.Arbitrary<BadRequest> {
  const printable = (maxLength: number) =>
    fc.string({ maxLength, unit: fc.integer({ min: 0x20, max: 0x7e }).map((code) => String.fromCharCode(code)) });
  const path = fc.oneof(
    fc.constantFrom(
      '/api/v1/contact',
      '/api/v1/visitor/check',
      '/api/v1/visitor/create/web',
      '/api/v1/visitor/create/mobile',
      '/api/v1/visitor/visit/web',
      '/api/v1/pages/home',
      '/api/v1/pages/nope',
      '/api/v1/owner/session',
      '/api/v1/owner/messages',
      '/api/v1/health',
      '/',
      '/about',
      '/media/owner.svg',
      '/assets/%2e%2e/%2e%2e/package.json',
      '/index.html',
      '//index.html',
      '/%2F..%2Fpackage.json',
    ),
    printable(120).map((text) => `/${encodeURI(text).replaceAll('#', '%23').replaceAll('?', '%3F')}`),
  );
  const query = fc.option(
    printable(60).map((text) => `?${encodeURIComponent(text)}=${encodeURIComponent(text)}`),
    {
      nil: '',
    },
  );
  const body = fc.oneof(
    fc.jsonValue({ maxDepth: 4 }).map((value) => JSON.stringify(value)),
    fc
      .record({
        name: printable(300),
        email: printable(300),
        message: printable(6000),
        website: fc.option(printable(20), { nil: undefined }),
      })
      .map((value) => JSON.stringify(value)),
    fc.string({ maxLength: 400 }),
    fc.constant('{"name": "a", "email": '),
    fc.constant('x'.repeat(40_000)),
  );
  return fc.record({
    method: fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'HEAD'),
    url: fc.tuple(path, query).map(([base, search]) => base + search),
    headers: fc.record(
      {
        'content-type': fc.constantFrom(
          'application/json',
          'application/json; charset=utf-16',
          'text/plain',
          'multipart/form-data; boundary=x',
          'application/x-www-form-urlencoded',
          '*/*',
        ),
        'x-visitor-key': printable(80),
        'x-device': printable(20),
        cookie: printable(200),
        origin: printable(60),
        'sec-fetch-site': fc.constantFrom('same-origin', 'cross-site', 'none'),
        'x-forwarded-for': printable(60),
        'accept-encoding': fc.constantFrom('gzip', 'br', 'deflate', 'identity', '*', 'gzip;q=0'),
        range: printable(30),
      },
      { requiredKeys: [] },
    ),
    body: fc.option(body, { nil: undefined }),
  });
}
