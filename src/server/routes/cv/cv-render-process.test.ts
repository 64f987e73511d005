import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_LOCALE, LOCALES } from '../../../shared/locales.js';
import type { SiteContent } from '../../../shared/schemas/content.js';
import { publishContent } from '../../content/publish-content.js';
import { type CvRenderReport, onCvRender } from '../../cv/cv-render-process.js';
import { createTestApp, type TestApp, testDialect } from '../../test/helper.js';
import { sampleContent } from '../../test/sample-content.js';
import { BROWSER_USER_AGENT } from '../../test/user-agents.js';

const browser = { 'user-agent': BROWSER_USER_AGENT };
const name = (report: CvRenderReport) => `${report.phase} ${report.locale} ${report.paper}`;

/**
 * Issue 29, item 5: a CV's PDF is made in the CV process, never on the server's event loop, one at a
 * time, and made ahead as soon as a new version is served; a CV process that dies answers its
 * request with an error, and the next request gets its CV.
 */
describe(`the CV made in its own process, on ${testDialect}`, () => {
  let testApp: TestApp;
  let dir: string;
  const reports: CvRenderReport[] = [];
  let stopListening: () => void;
  const get = (url: string) => testApp.app.inject({ url, headers: browser });
  /** Waits for a report the CV process has sent, or sends, that `matches`. */
  const reported = (matches: (report: CvRenderReport) => boolean, after = 0) =>
    new Promise<CvRenderReport>((resolve, reject) => {
      const found = reports.slice(after).find(matches);
      if (found) return resolve(found);
      const timer = setTimeout(() => {
        stop();
        reject(new Error(`no such report; had ${reports.slice(after).map(name).join(', ')}`));
      }, 30_000);
      const stop = onCvRender((report) => {
        if (!matches(report)) return;
        clearTimeout(timer);
        stop();
        resolve(report);
      });
    });
  const publishWithRole = async (role: string) => {
    const content = structuredClone(testApp.app.contentState.current.content) as SiteContent;
    for (const locale of LOCALES) content.identity.role[locale] = role;
    await publishContent(testApp.db, testApp.app.contentState, content, { source: 'editor' });
  };
  const pdfText = (pdf: Buffer) => {
    const file = path.join(dir, `${Math.random().toString(36).slice(2)}.pdf`);
    writeFileSync(file, pdf);
    return execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
  };

  beforeAll(async () => {
    testApp = await createTestApp({}, sampleContent());
    dir = mkdtempSync(path.join(tmpdir(), 'sahifa-cv-process-'));
    stopListening = onCvRender((report) => reports.push(report));
  });
  afterAll(async () => {
    stopListening();
    await testApp.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('makes the PDF in another process while the server keeps answering', async () => {
    const start = reports.length;
    let turns = 0;
    let turning = true;
    const turn = () => {
      turns += 1;
      if (turning) setImmediate(turn);
    };
    // Counted from the moment the CV process starts this PDF until it has finished it: a render on
    // this thread would hold the loop, and the page asked for meanwhile would wait for the PDF.
    let turnsAtStart = 0;
    let pageDuringRender: Promise<number> | undefined;
    // This PDF's own reports: the CV process is the worker's, and may still be making an earlier test
    // file's CVs ahead (test files share their worker's modules).
    const english = (report: CvRenderReport) => report.locale === 'english' && report.paper === 'a4';
    const started = reported((report) => report.phase === 'started' && english(report), start).then(() => {
      turnsAtStart = turns;
      pageDuringRender = get('/api/v1/pages/footer').then((response) => response.statusCode);
    });
    setImmediate(turn);
    const cv = get('/cv/english.pdf');
    await started;
    let pageAnsweredFirst = false;
    void pageDuringRender?.then(() => {
      pageAnsweredFirst = !reports.slice(start).some((report) => report.phase === 'finished' && english(report));
    });
    const response = await cv;
    turning = false;
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(await pageDuringRender).toBe(200);
    expect(pageAnsweredFirst, 'a page is answered while the PDF is being made').toBe(true);
    // Hundreds of thousands of turns here; a render on this thread lets through a handful (6 measured).
    expect(turns - turnsAtStart, 'the event loop kept turning during the render').toBeGreaterThan(1000);
    const report = reports.slice(start).find(english);
    expect(report?.pid).toBeGreaterThan(0);
    expect(report?.pid, 'made in another process').not.toBe(process.pid);
  });

  it('makes one PDF at a time: two asked for together are made one after the other', async () => {
    const start = reports.length;
    const [lotin, russian] = await Promise.all([get('/cv/lotin.pdf'), get('/cv/russian.pdf?paper=letter')]);
    expect(lotin.statusCode).toBe(200);
    expect(russian.statusCode).toBe(200);
    expect(reports.slice(start).map(name)).toEqual([
      'started lotin a4',
      'finished lotin a4',
      'started russian letter',
      'finished russian letter',
    ]);
  });

  it("makes the new version's CVs ahead after a publish, the default language's A4 first", async () => {
    const start = reports.length;
    await publishWithRole('Made ahead of time');
    // Nobody has asked: the CV process makes it on its own.
    await reported((report) => report.phase === 'finished' && report.locale === DEFAULT_LOCALE, start);
    expect(reports[start] && name(reports[start]), 'the first made').toBe(`started ${DEFAULT_LOCALE} a4`);
    const beforeRequest = reports.length;
    const response = await get(`/cv/${DEFAULT_LOCALE}.pdf`);
    expect(response.statusCode).toBe(200);
    expect(pdfText(response.rawPayload)).toContain('Made ahead of time');
    expect(
      reports
        .slice(beforeRequest)
        .filter((report) => report.phase === 'started' && report.locale === DEFAULT_LOCALE && report.paper === 'a4'),
      'the request took the one made ahead',
    ).toEqual([]);
    // Every language on both papers, each once.
    await reported(
      (report) => report.phase === 'finished' && report.paper === 'letter' && report.locale === LOCALES.at(-1),
      start,
    );
    const made = reports
      .slice(start)
      .filter((report) => report.phase === 'finished')
      .map(name);
    expect(made.sort()).toEqual(
      LOCALES.flatMap((locale) => [`finished ${locale} a4`, `finished ${locale} letter`]).sort(),
    );
  });

  it('answers a CV process that dies with an error at once, and the next request gets its CV', async () => {
    const start = reports.length;
    // The request's PDF is not the first made ahead: it is asked for while that one is made (0.3 s or
    // more), so it is the next the CV process starts, and the kill ends it with the request waiting.
    const killed = reported(
      (report) => report.phase === 'started' && report.locale === 'russian' && report.paper === 'letter',
      start,
    ).then((report) => {
      process.kill(report.pid, 'SIGKILL');
      return report;
    });
    await publishWithRole('After a crash');
    const failed = await get('/cv/russian.pdf?paper=letter');
    const victim = await killed;
    expect(reports.slice(start).map(name).slice(0, 3)).toEqual([
      `started ${DEFAULT_LOCALE} a4`,
      `finished ${DEFAULT_LOCALE} a4`,
      'started russian letter',
    ]);
    expect(failed.statusCode).toBe(503);
    expect(failed.headers['cache-control']).toBe('no-store');
    expect(failed.json()).toMatchObject({ success: false, code: 'service_unavailable' });

    const again = await get('/cv/russian.pdf?paper=letter');
    expect(again.statusCode).toBe(200);
    expect(pdfText(again.rawPayload)).toContain('After a crash');
    const madeAgain = reports.slice(start).filter((report) => report.phase === 'finished' && report.pid !== victim.pid);
    expect(madeAgain.length, 'made by a new CV process').toBeGreaterThan(0);
  });
});
