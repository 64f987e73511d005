import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helper.js';
import { parseSetCookie } from '../../test/set-cookie.js';

const SAME_ORIGIN = { 'sec-fetch-site': 'same-origin' };
/** Spec §4 and §9: 1000 days. */
const THOUSAND_DAYS = `Max-Age=${1000 * 24 * 60 * 60}`;

function setCookies(header: string | string[] | number | undefined) {
  return (Array.isArray(header) ? header : header === undefined ? [] : [String(header)]).map(parseSetCookie);
}

describe('PUT /api/v1/visitor/preferences', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp({ trustProxy: true });
  });
  afterAll(async () => testApp.close());

  const put = (payload: unknown, headers: Record<string, string> = SAME_ORIGIN) =>
    testApp.app.inject({ method: 'PUT', url: '/api/v1/visitor/preferences', headers, payload: payload as object });

  it('answers the theme and the language with long-lived cookies the page can still read and replace', async () => {
    const response = await put({ theme: 'dark', locale: 'russian' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, message: 'OK', data: { theme: 'dark', locale: 'russian' } });
    expect(setCookies(response.headers['set-cookie'])).toEqual([
      { name: 'theme', value: 'dark', attributes: [THOUSAND_DAYS, 'Path=/', 'SameSite=Lax'] },
      { name: 'locale', value: 'russian', attributes: [THOUSAND_DAYS, 'Path=/', 'SameSite=Lax'] },
    ]);
  });

  it('sets only the preference it is told', async () => {
    const response = await put({ theme: 'light' });
    expect(response.statusCode).toBe(200);
    expect(setCookies(response.headers['set-cookie']).map((cookie) => `${cookie.name}=${cookie.value}`)).toEqual([
      'theme=light',
    ]);
    expect(setCookies((await put({ locale: 'english' })).headers['set-cookie'])).toEqual([
      { name: 'locale', value: 'english', attributes: [THOUSAND_DAYS, 'Path=/', 'SameSite=Lax'] },
    ]);
  });

  it('marks the cookies Secure over HTTPS (here behind a trusted proxy)', async () => {
    const response = await put({ theme: 'dark' }, { ...SAME_ORIGIN, 'x-forwarded-proto': 'https' });
    expect(setCookies(response.headers['set-cookie'])).toEqual([
      { name: 'theme', value: 'dark', attributes: [THOUSAND_DAYS, 'Path=/', 'SameSite=Lax', 'Secure'] },
    ]);
  });

  it('accepts a browser without Sec-Fetch-Site when its Origin is the site', async () => {
    const response = await put({ theme: 'dark' }, { host: 'sahifa.example', origin: 'http://sahifa.example' });
    expect(response.statusCode).toBe(200);
  });

  it.each([
    ['another site', { 'sec-fetch-site': 'cross-site' }],
    ['a sibling subdomain', { 'sec-fetch-site': 'same-site' }],
    ['another origin without Sec-Fetch-Site', { host: 'sahifa.example', origin: 'https://evil.example' }],
    ['a script with neither header', {}],
  ])('refuses %s with 403 and sets nothing', async (_, headers) => {
    const response = await put({ theme: 'dark' }, headers);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ success: false, code: 'forbidden' });
    expect(response.headers['set-cookie']).toBeUndefined();
  });

  it.each([
    [{ theme: 'blue' }, 'theme', 'invalid_choice'],
    [{ locale: 'german' }, 'locale', 'invalid_choice'],
    [{ theme: 'dark', font: 'big' }, '', 'unknown_field'],
  ])('refuses %j with a field error and sets nothing', async (body, field, code) => {
    const response = await put(body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, code: 'validation_failed' });
    expect(response.json().errors).toEqual([expect.objectContaining({ code, ...(field ? { field } : {}) })]);
    expect(response.headers['set-cookie']).toBeUndefined();
  });

  it('is in the OpenAPI document with its body', async () => {
    const document = (await testApp.app.inject({ url: '/api/v1/openapi.json' })).json();
    const route = document.paths['/api/v1/visitor/preferences'].put;
    expect(Object.keys(route.requestBody.content['application/json'].schema.properties)).toEqual(['theme', 'locale']);
    expect(Object.keys(route.responses)).toEqual(expect.arrayContaining(['200', '400', '403']));
  });
});
