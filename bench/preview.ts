// `node --import tsx bench/preview.ts`: the owner's draft preview on the built server. Each round
// saves a changed draft (as the studio's autosave does) and then asks for a page's preview, the
// first render of that draft (the draft's renderer is made then), and a second page of the same
// draft in another language and theme; p50 and p95 of each, and the server's memory after.
// Target (issue 16): p50 ≤ 150 ms for a preview after a draft change. Needs the build (`npm run build`).
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { startBuiltSite } from '../scripts/built-site.js';
import { LOCALES } from '../src/shared/locales.js';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 60);
const PASSWORD = 'a long bench passphrase';
const PAGES = ['', 'about', 'portfolio', 'contact', 'no-such-page'];
const THEMES = ['light', 'dark'];

const percentile = (values: number[], share: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))] ?? Number.NaN;
};
const rssMiB = (pid: number) =>
  Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;

const site = await startBuiltSite();
try {
  const password = spawnSync(process.execPath, ['dist/node/server/cli/owner-password.js'], {
    input: `${PASSWORD}\n`,
    env: { ...process.env, DATA_DIR: site.dataDir },
    encoding: 'utf8',
  });
  if (password.status !== 0) throw new Error(`owner:password failed: ${password.stderr}`);
  const signIn = await fetch(`${site.url}/api/v1/owner/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin' },
    body: JSON.stringify({ password: PASSWORD }),
  });
  if (!signIn.ok) throw new Error(`sign-in: ${signIn.status}`);
  const headers = {
    cookie: (signIn.headers.get('set-cookie') ?? '').split(';')[0] ?? '',
    'sec-fetch-site': 'same-origin',
  };
  const api = `${site.url}/api/v1/owner/content`;
  const { draft } = ((await (await fetch(`${api}/draft`, { headers })).json()) as { data: { draft: DraftAnswer } })
    .data;
  let { revision } = draft;
  const content = draft.content as { home: { greeting: Record<string, string> } };

  const preview = async (page: string, locale: string, theme: string) => {
    const started = performance.now();
    const response = await fetch(`${api}/preview/${page}?lang=${locale}&theme=${theme}`, { headers });
    const html = await response.text();
    const ms = performance.now() - started;
    if (response.status !== (page === 'no-such-page' ? 404 : 200))
      throw new Error(`preview ${page}: ${response.status}`);
    return { ms, html };
  };

  // Visitors' pages first, in every language, so that the memory figure shows what previews add.
  for (const page of PAGES) {
    for (const locale of LOCALES) await (await fetch(`${site.url}/${page}?lang=${locale}`)).arrayBuffer();
  }
  const rssBefore = rssMiB(site.process.pid ?? 0);
  const afterChange: number[] = [];
  const sameDraft: number[] = [];
  const saves: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const locale = LOCALES[round % LOCALES.length] ?? 'lotin';
    const greeting = `Bench greeting ${round}`;
    content.home.greeting[locale] = greeting;
    const saving = performance.now();
    const saved = await fetch(`${api}/draft`, {
      method: 'PUT',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ content, basedOn: draft.basedOn, revision }),
    });
    if (!saved.ok) throw new Error(`save: ${saved.status}`);
    revision = ((await saved.json()) as { data: { draft: DraftAnswer } }).data.draft.revision;
    saves.push(performance.now() - saving);

    const first = await preview('', locale, THEMES[round % 2] ?? 'light');
    // The real page from the draft: the greeting just typed is in the server-rendered markup.
    if (!first.html.includes(greeting)) throw new Error(`round ${round}: the preview does not show the new greeting`);
    afterChange.push(first.ms);
    const other = PAGES[1 + (round % (PAGES.length - 1))] ?? 'about';
    sameDraft.push((await preview(other, LOCALES[(round + 1) % LOCALES.length] ?? 'russian', 'dark')).ms);
  }
  const row = (values: number[]) => ({
    'p50 ms': Math.round(percentile(values, 0.5)),
    'p95 ms': Math.round(percentile(values, 0.95)),
    'max ms': Math.round(Math.max(...values)),
  });
  console.info(
    `\nThe draft preview, ${ROUNDS} rounds of: save the draft, preview the home page, preview another page:`,
  );
  console.table({
    'draft save (PUT)': row(saves),
    'preview after the change': row(afterChange),
    'another page, same draft': row(sameDraft),
  });
  console.info(
    `Server memory: ${rssBefore.toFixed(0)} MiB RSS after every visitor page in every language, ${rssMiB(site.process.pid ?? 0).toFixed(0)} MiB after the rounds.`,
  );
} finally {
  site.stop();
}

interface DraftAnswer {
  content: unknown;
  basedOn: number | null;
  revision: number;
}
