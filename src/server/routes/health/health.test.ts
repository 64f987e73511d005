import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { createDatabase } from '../../db/database.js';
import { createTestApp, type TestApp, testDialect } from '../../test/helper.js';
import { sampleContent } from '../../test/sample-content.js';

describe(`GET /api/v1/health on ${testDialect}`, () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp();
  });
  afterAll(async () => testApp.close());

  it('answers 200 while the database answers, never cached', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, message: 'OK', data: { database: 'ok' } });
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('is not rate-limited', async () => {
    for (let index = 0; index < 150; index++) {
      const response = await testApp.app.inject({ method: 'GET', url: '/api/v1/health' });
      expect(response.statusCode).toBe(200);
      expect(response.headers['ratelimit-remaining'] ?? response.headers['x-ratelimit-remaining']).toBeUndefined();
    }
  });

  it('is in the OpenAPI document', async () => {
    const document = (await testApp.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json();
    expect(Object.keys(document.paths['/api/v1/health'].get.responses).sort()).toEqual(['200', '503']);
  });
});

describe('GET /api/v1/health when the database is gone', () => {
  it(`answers 503 once the ${testDialect} connection is closed`, async () => {
    const testApp = await createTestApp();
    try {
      await testApp.db.destroy();
      const response = await testApp.app.inject({ method: 'GET', url: '/api/v1/health' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({ success: false, code: 'service_unavailable' });
    } finally {
      await testApp.close().catch(() => {});
    }
  });

  it('answers 503 when PostgreSQL cannot be reached', async () => {
    // Nothing listens on port 9 (discard) here: the connection is refused at once.
    const db = createDatabase({
      dialect: 'postgres',
      url: `postgres://nobody@127.0.0.1:9/${randomBytes(4).toString('hex')}`,
    });
    const app = await buildApp({
      config: {
        contentDir: '/nonexistent',
        webRoot: '/nonexistent',
        cacheDir: '/nonexistent',
        trustProxy: false,
        contactRateLimit: { max: 5, windowMinutes: 10 },
        visitorRateLimit: 30,
        notifications: { email: undefined, telegram: undefined, locale: 'english', retrySeconds: 15 },
      },
      db,
      content: sampleContent(),
    });
    try {
      const response = await app.inject({ method: 'GET', url: '/api/v1/health' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({ success: false, code: 'service_unavailable' });
    } finally {
      await app.close();
      await db.destroy();
    }
  });
});
