import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SECTIONS } from '../../../shared/sections.js';
import { createTestApp, type TestApp } from '../../test/helper.js';

describe('GET /api/v1/pages/{section}', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp();
  });
  afterAll(async () => testApp.close());

  it.each(SECTIONS)('answers the %s section with every language at once', async (section) => {
    const response = await testApp.app.inject({ method: 'GET', url: `/api/v1/pages/${section}` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.json()).toEqual({ success: true, message: 'OK', data: testApp.content[section] });
  });

  it('answers the footer with description per language and social links', async () => {
    const { data } = (await testApp.app.inject({ url: '/api/v1/pages/footer' })).json();
    expect(Object.keys(data.description).sort()).toEqual(['english', 'lotin', 'russian']);
    expect(data.social_links).toEqual([{ url: 'https://github.com/example', icon: 'github' }]);
  });

  it.each(['contact', 'HOME', 'identity', 'home.json', 'home%20', 'x'.repeat(150)])(
    'rejects the section %s with 404 "Section not found"',
    async (section) => {
      const response = await testApp.app.inject({ url: `/api/v1/pages/${section}` });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ success: false, code: 'section_not_found', message: 'Section not found' });
    },
  );

  it('does not accept writes', async () => {
    const response = await testApp.app.inject({ method: 'POST', url: '/api/v1/pages/home', payload: {} });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ success: false, code: 'not_found' });
  });
});
