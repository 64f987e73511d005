// `node --import tsx bench/collections.ts` (`npm run bench:collections`): the collections with many
// entries (issue 27). A database is filled with NOTES notes of VERSIONS versions each (bodies of
// about 700 words rendered by the real Markdown pipeline, in two or three languages), then the built
// server is started on it and measured: its start, the first render and the kept answers of a note's
// page, the notes list and its API answer, a feed; then publishing one more version of a note (the
// repository's transaction, as the owner API runs it) and the time until the server serves it, and
// the server's memory. Needs the build (`npm run build`).
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from '../scripts/built-site.js';
import { createDatabase, migrateToLatest } from '../src/server/db/database.js';
import { renderEntry } from '../src/server/markdown/render-markdown.js';
import { createEntry, publishEntryVersion } from '../src/server/repositories/entry-repository.js';
import type { Locale } from '../src/shared/locales.js';
import type { NoteContent, RenderedEntry } from '../src/shared/schemas/collections.js';

const NOTES = Number(process.env.BENCH_NOTES ?? 500);
const VERSIONS = Number(process.env.BENCH_VERSIONS ?? 20);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 400);
const CONCURRENCY = 8;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const rssMiB = (pid: number) =>
  Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;

const PARAGRAPH = {
  lotin:
    'Yaxshi interfeys foydalanuvchining vaqtini tejaydi: har bir tugma oʻz joyida, har bir matn aniq va qisqa. Biz ranglar, oraliqlar va shriftlarni bir tizimga yigʻib, har bir ekranni shu tizimdan quramiz.',
  russian:
    'Хороший интерфейс бережёт время пользователя: каждая кнопка на своём месте, каждый текст ясен и короток. Мы собираем цвета, отступы и шрифты в одну систему и строим из неё каждый экран.',
  english:
    'A good interface saves its user time: every button in its place, every text clear and short. We gather colours, spacing and fonts into one system and build every screen from it.',
} satisfies Record<Locale, string>;

/** A note of about 700 words per language with headings, a list and a code block. */
function body(locale: Locale, index: number): string {
  const sections = Array.from({ length: 5 }, (_, section) =>
    [
      `## Part ${section + 1} of note ${index}`,
      Array.from({ length: 4 }, () => PARAGRAPH[locale]).join(' '),
      '- one point\n- another point\n- a third point',
      section === 2
        ? '```ts\nconst answer: number = 42;\nexport function twice(value: number) {\n  return value * 2;\n}\n```'
        : '',
    ].join('\n\n'),
  );
  return sections.join('\n\n');
}

function note(index: number, version: number): NoteContent {
  const locales: Locale[] = index % 3 === 0 ? ['lotin', 'russian'] : ['lotin', 'russian', 'english'];
  const day = new Date(Date.UTC(2024, 0, 1) + index * 86_400_000).toISOString().slice(0, 10);
  return {
    slug: `note-${index}`,
    status: 'published',
    date: day,
    tags: [`topic-${index % 7}`, 'design'],
    text: Object.fromEntries(
      locales.map((locale) => [
        locale,
        {
          title: `Note ${index} (${locale}), version ${version}`,
          summary: `What note ${index} says, in ${locale}.`,
          body: body(locale, index),
        },
      ]),
    ),
  } as NoteContent;
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'sahifa-bench-collections-'));
let server: ChildProcess | undefined;

async function seed(): Promise<{ db: ReturnType<typeof createDatabase>; ids: string[]; rendered: RenderedEntry }> {
  const db = createDatabase({ dialect: 'sqlite', file: path.join(dataDir, 'sahifa.sqlite') });
  await migrateToLatest(db);
  const started = performance.now();
  // One rendering reused for every version: the pipeline's own time is measured below.
  const rendered = await renderEntry(note(1, 1));
  const ids: string[] = [];
  for (let index = 0; index < NOTES; index++) {
    const { id } = await createEntry(db, 'notes', `note-${index}`);
    ids.push(id);
    for (let version = 1; version <= VERSIONS; version++) {
      await publishEntryVersion(db, id, { content: note(index, version), rendered }, { source: 'editor' });
    }
  }
  console.info(
    `Seeded ${NOTES} notes × ${VERSIONS} versions (${NOTES * VERSIONS} rows) in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  return { db, ids, rendered };
}

async function startServer(): Promise<{ url: string; startMs: number }> {
  const port = await freePort();
  const started = performance.now();
  server = spawn(process.execPath, ['--max-semi-space-size=8', 'dist/node/server/main.js'], {
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      MALLOC_ARENA_MAX: '2',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  while ((await fetch(`${url}/api/v1/health`).catch(() => undefined))?.status !== 200) {
    if (server.exitCode !== null || performance.now() - started > 60_000) throw new Error('the server did not start');
    await sleep(20);
  }
  return { url, startMs: performance.now() - started };
}

/** The first answer's time, then REQUESTS answers CONCURRENCY at a time: median, p95 and answers a second. */
async function measure(url: string, address: string): Promise<Record<string, string | number>> {
  const once = async () => {
    const started = performance.now();
    const response = await fetch(`${url}${address}`, { headers: { 'accept-encoding': 'br' } });
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`${address}: ${response.status}`);
    return performance.now() - started;
  };
  const first = await once();
  const times: number[] = [];
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (times.length < REQUESTS) times.push(await once());
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  times.sort((a, b) => a - b);
  const at = (share: number) => (times[Math.floor(share * (times.length - 1))] ?? 0).toFixed(2);
  return {
    answer: address,
    'first ms': first.toFixed(1),
    'median ms': at(0.5),
    'p95 ms': at(0.95),
    'answers/s': Math.round(times.length / seconds),
  };
}

try {
  const { db, ids } = await seed();

  const pipeline = performance.now();
  const fresh = await renderEntry(note(2, 1));
  const renderMs = performance.now() - pipeline;
  const words = Object.values(fresh).reduce((sum, text) => sum + (text?.words ?? 0), 0);

  const { url, startMs } = await startServer();
  console.info(`The server started on ${NOTES} notes in ${Math.round(startMs)} ms`);
  const rows = [];
  for (const address of [
    `/notes/note-${NOTES - 1}?lang=english`,
    '/notes?lang=english',
    '/notes?lang=english&tag=topic-3',
    '/api/v1/notes?lang=russian',
    `/api/v1/notes/note-${NOTES - 1}?lang=russian`,
    '/notes/feed/english.xml',
    '/notes/feed/russian.json',
    '/sitemap.xml',
  ]) {
    rows.push(await measure(url, address));
  }
  console.table(rows);

  // One more version of a note, as the owner API publishes it (rendering included), and the time
  // until the server, another process, serves it (its refresh job turns every second).
  const target = NOTES - 5;
  const content = note(target, VERSIONS + 1);
  content.text.lotin = { ...content.text.lotin, title: 'Published by the bench' } as never;
  const publishing = performance.now();
  const rendered = await renderEntry(content);
  await publishEntryVersion(db, ids[target] as string, { content, rendered }, { source: 'editor' });
  const publishMs = performance.now() - publishing;
  while (!(await (await fetch(`${url}/api/v1/notes/note-${target}`)).text()).includes('Published by the bench')) {
    if (performance.now() - publishing > 10_000) throw new Error('the published version was not served');
    await sleep(10);
  }
  const servedMs = performance.now() - publishing;
  const page = await measure(url, `/notes/note-${target}`);
  await db.destroy();

  console.table([
    {
      step: `render a note (${words} words in ${Object.keys(fresh).length} languages, the highlighter warm)`,
      ms: renderMs.toFixed(1),
    },
    {
      step: `publish one version with ${NOTES} notes × ${VERSIONS} versions stored (render + transaction)`,
      ms: publishMs.toFixed(1),
    },
    { step: 'until the server (another process) serves it', ms: servedMs.toFixed(0) },
    { step: 'the first render of its page after that', ms: page['first ms'] },
  ]);
  console.info(`Server RSS after the load: ${rssMiB(server?.pid ?? 0).toFixed(0)} MiB`);
} finally {
  server?.kill('SIGTERM');
  await sleep(300);
  rmSync(dataDir, { recursive: true, force: true });
}
