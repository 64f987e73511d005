// `npm run bench:lighthouse`: Lighthouse (mobile preset, its simulated slow 4G and 4× CPU slowdown)
// on every visitor page in every language, against the built site with Debian's Chromium.
// Needs the build (`npm run build`). LIGHTHOUSE_PAGES=/,/about and LIGHTHOUSE_LOCALES=english narrow it;
// LIGHTHOUSE_RUNS (3) is how many runs each page's median is taken from.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CHROMIUM_PATH, startBuiltSite } from '../scripts/built-site.js';
import { LIGHTHOUSE, runLighthouse } from './lighthouse-cli.js';

const PAGES = (
  process.env.LIGHTHOUSE_PAGES ?? '/,/about,/portfolio,/contact,/notes,/notes/contrast-is-a-test,/portfolio/oqim-bank'
).split(',');
const LOCALES = (process.env.LIGHTHOUSE_LOCALES ?? 'lotin,russian,english').split(',');
const FORM_FACTOR = process.env.LIGHTHOUSE_FORM_FACTOR === 'desktop' ? 'desktop' : 'mobile';
// One run's score moves by several points with the machine's load (TBT 80–250 ms on the same page):
// Lighthouse's own advice is the median of several runs. The table shows the median run and every score.
const RUNS = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS) || 3);

interface Audit {
  score: number | null;
  scoreDisplayMode: string;
  displayValue?: string;
  numericValue?: number;
  details?: { items?: { description?: string; source?: string; url?: string }[] };
}
interface Report {
  categories: Record<string, { score: number | null }>;
  audits: Record<string, Audit>;
}

const site = await startBuiltSite({ VISITOR_RATE_LIMIT: '100000' });
const workDir = mkdtempSync(path.join(tmpdir(), 'sahifa-lighthouse-'));
const rows: Record<string, unknown>[] = [];
const findings = new Set<string>();
try {
  for (const locale of LOCALES) {
    for (const page of PAGES) {
      const url = `${site.url}${page}?lang=${locale}`;
      const output = path.join(workDir, 'report.json');
      const reports: Report[] = [];
      for (let attempt = 0; attempt < RUNS; attempt++) {
        runLighthouse(url, output, FORM_FACTOR);
        reports.push(JSON.parse(readFileSync(output, 'utf8')) as Report);
      }
      const performance = (run: Report) => run.categories.performance?.score ?? 0;
      reports.sort((a, b) => performance(a) - performance(b));
      const report = reports[Math.floor(reports.length / 2)] as Report;
      const score = (category: string) => Math.round((report.categories[category]?.score ?? 0) * 100);
      const value = (audit: string) => report.audits[audit]?.displayValue ?? '—';
      rows.push({
        page: `${page}?lang=${locale}`,
        performance: score('performance'),
        ...(RUNS > 1 ? { runs: reports.map((run) => Math.round(performance(run) * 100)).join(' ') } : {}),
        accessibility: score('accessibility'),
        'best practices': score('best-practices'),
        SEO: score('seo'),
        FCP: value('first-contentful-paint'),
        LCP: value('largest-contentful-paint'),
        TBT: value('total-blocking-time'),
        CLS: value('cumulative-layout-shift'),
        'console errors': report.audits['errors-in-console']?.details?.items?.length ?? 0,
      });
      // What keeps a category below 100: every scored audit that did not pass, once per site.
      for (const [id, audit] of Object.entries(report.audits)) {
        const scored = audit.scoreDisplayMode === 'binary' || audit.scoreDisplayMode === 'numeric';
        if (scored && audit.score !== null && audit.score < 0.9) findings.add(`${id} (${page})`);
      }
      for (const item of report.audits['errors-in-console']?.details?.items ?? []) {
        findings.add(`console: ${item.description ?? item.source ?? '?'} (${page}?lang=${locale})`);
      }
    }
  }
  console.info(`\nLighthouse ${LIGHTHOUSE.split('@')[1]}, ${FORM_FACTOR} preset, Chromium at ${CHROMIUM_PATH}:`);
  console.table(rows);
  console.info(findings.size ? `Below 0.9:\n  ${[...findings].join('\n  ')}` : 'Every scored audit at 0.9 or more.');
} finally {
  site.stop();
  rmSync(workDir, { recursive: true, force: true });
}
