import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInTestApp, type TestApp, testDialect } from '../../test/helper.js';
import { BROWSER_USER_AGENT, CRAWLER_USER_AGENTS } from '../../test/user-agents.js';

const ADDRESS = '203.0.113.77';
/** Each message from an address of its own, past the contact form's rate limit; none may be stored. */
let writes = 0;
const nextAddress = () => `198.51.100.${++writes}`;
const message = { name: 'Malika', email: 'malika@example.uz', message: 'Salom! Portfolio haqida yozyapman.' };

describe(`the visit behind each message, on ${testDialect}`, () => {
  let testApp: TestApp;
  let cookie: string;
  beforeAll(async () => {
    ({ testApp, cookie } = await createSignedInTestApp());
  });
  afterAll(async () => testApp.close());

  const browser = (key?: string) => ({
    'user-agent': BROWSER_USER_AGENT,
    ...(key ? { 'x-visitor-key': key } : {}),
  });
  /** A visitor landing on the site through the visitor API; answers its key. */
  async function land(query: Record<string, string>): Promise<string> {
    const response = await testApp.app.inject({
      url: `/api/v1/visitor/create/web?${new URLSearchParams(query)}`,
      headers: browser(),
      remoteAddress: ADDRESS,
    });
    expect(response.statusCode).toBe(200);
    return response.json().data.token;
  }
  async function write(headers: Record<string, string>, from = message): Promise<string> {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/v1/contact',
      payload: from,
      headers,
      remoteAddress: nextAddress(),
    });
    expect(response.statusCode).toBe(201);
    return response.json().data.id;
  }
  const origin = async (id: string) => {
    const response = await testApp.app.inject({ url: `/api/v1/owner/messages/${id}/origin`, headers: { cookie } });
    expect(response.statusCode).toBe(200);
    expect(response.body).not.toContain(ADDRESS);
    expect(response.body).not.toContain('198.51.100.');
    return response.json().data.origin;
  };

  it("shows the writer's landing page, referrer, campaign, device and the pages read before writing", async () => {
    const key = await land({
      path: '/',
      referrer: 'https://t.co/abc',
      source: 'telegram',
      medium: 'social',
      campaign: 'autumn-cv',
    });
    const visited = await testApp.app.inject({
      method: 'POST',
      url: '/api/v1/visitor/visit/web',
      headers: browser(key),
      payload: { path: '/contact', source: 'later-is-ignored' },
    });
    expect(visited.statusCode).toBe(200);
    const id = await write(browser(key));
    expect(await origin(id)).toEqual({
      firstVisitAt: expect.any(String),
      landingPage: '/',
      referrer: 'X',
      source: 'telegram',
      medium: 'social',
      campaign: 'autumn-cv',
      device: 'web',
      visits: 2,
      pagesRead: ['/', '/contact'],
      secondsBeforeWriting: expect.any(Number),
    });
    const stored = await testApp.db.selectFrom('contact_messages').selectAll().where('id', '=', id).executeTakeFirst();
    expect(JSON.stringify(stored)).not.toMatch(/203\.0\.113\.|198\.51\.100\./);
  });

  it('shows nothing for a writer who was not counted: a crawler, no visitor key, the owner, an unknown key', async () => {
    const key = await land({ path: '/', source: 'telegram' });
    const uncounted = [
      { 'user-agent': CRAWLER_USER_AGENTS[0] ?? 'Googlebot', 'x-visitor-key': key },
      browser(),
      { ...browser(key), cookie },
      browser('A'.repeat(43)),
      browser('not a key'),
    ];
    for (const headers of uncounted) {
      expect(await origin(await write(headers))).toBeNull();
    }
    const tooLong = await testApp.app.inject({
      method: 'POST',
      url: '/api/v1/contact',
      payload: message,
      headers: browser('x'.repeat(201)),
      remoteAddress: nextAddress(),
    });
    expect(tooLong.statusCode).toBe(400);
    expect(
      (await testApp.app.inject({ url: `/api/v1/owner/messages/${crypto.randomUUID()}/origin`, headers: { cookie } }))
        .statusCode,
    ).toBe(404);
    expect(
      (await testApp.app.inject({ url: '/api/v1/owner/messages/nope/origin', headers: { cookie } })).statusCode,
    ).toBe(400);
    expect((await testApp.app.inject({ url: `/api/v1/owner/messages/${crypto.randomUUID()}/origin` })).statusCode).toBe(
      401,
    );
  });

  it('exports where each writer came from in the CSV, a campaign written as a formula kept as text', async () => {
    await testApp.db.deleteFrom('contact_messages').execute();
    const key = await land({ path: '/about', referrer: 'https://www.google.co.uz/', campaign: '=HYPERLINK("x")' });
    await write(browser(key), { ...message, name: 'Counted' });
    await write(browser(), { ...message, name: 'Uncounted' });
    const response = await testApp.app.inject({ url: '/api/v1/owner/messages/export', headers: { cookie } });
    expect(response.statusCode).toBe(200);
    const [header, ...rows] = response.body.replace('\uFEFF', '').trim().split('\r\n');
    expect(header?.split(',').slice(-8)).toEqual([
      'landing_page',
      'referrer',
      'utm_source',
      'utm_medium',
      'utm_campaign',
      'device',
      'pages_read',
      'seconds_before_writing',
    ]);
    const counted = rows.find((row) => row.includes('Counted') && !row.includes('Uncounted'));
    expect(counted).toContain(`,/about,Google,,,"'=HYPERLINK(""x"")",web,/about,`);
    expect(rows.find((row) => row.includes('Uncounted'))).toMatch(/,,,,,,,,$/);
    expect(response.body).not.toContain(ADDRESS);
  });
});
