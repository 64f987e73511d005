import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test/helper.js';

describe('the API as a whole', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp();
  });
  afterAll(async () => testApp.close());

  it('publishes an OpenAPI document generated from the route schemas', async () => {
    const response = await testApp.app.inject({ url: '/api/v1/openapi.json' });
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(document.openapi).toMatch(/^3\./);
    expect(Object.keys(document.paths).sort()).toEqual([
      '/api/v1/contact',
      '/api/v1/health',
      '/api/v1/notes',
      '/api/v1/notes/{slug}',
      '/api/v1/owner/backups',
      '/api/v1/owner/backups/download',
      '/api/v1/owner/backups/schedule',
      '/api/v1/owner/content/alt-confirmations',
      '/api/v1/owner/content/draft',
      '/api/v1/owner/content/export.zip',
      '/api/v1/owner/content/pictures',
      '/api/v1/owner/content/pictures/{*}',
      '/api/v1/owner/content/preview',
      '/api/v1/owner/content/preview/{*}',
      '/api/v1/owner/content/publish',
      '/api/v1/owner/content/set-aside',
      '/api/v1/owner/content/set-aside/{id}',
      '/api/v1/owner/content/set-aside/{id}/bring-back',
      '/api/v1/owner/content/translations',
      '/api/v1/owner/content/translations/marks',
      '/api/v1/owner/content/versions',
      '/api/v1/owner/content/versions/{from}/compare/{to}',
      '/api/v1/owner/content/versions/{number}',
      '/api/v1/owner/content/versions/{number}/restore',
      '/api/v1/owner/email-settings',
      '/api/v1/owner/email-settings/test',
      '/api/v1/owner/email-settings/verify',
      '/api/v1/owner/entries/{collection}',
      '/api/v1/owner/entries/{collection}/{id}',
      '/api/v1/owner/entries/{collection}/{id}/draft',
      '/api/v1/owner/entries/{collection}/{id}/preview',
      '/api/v1/owner/entries/{collection}/{id}/publish',
      '/api/v1/owner/entries/{collection}/{id}/versions',
      '/api/v1/owner/entries/{collection}/{id}/versions/{number}',
      '/api/v1/owner/entries/{collection}/{id}/versions/{number}/restore',
      '/api/v1/owner/interface-language',
      '/api/v1/owner/messages',
      '/api/v1/owner/messages/export',
      '/api/v1/owner/messages/{id}',
      '/api/v1/owner/messages/{id}/origin',
      '/api/v1/owner/notices',
      '/api/v1/owner/notifications',
      '/api/v1/owner/notifications/test',
      '/api/v1/owner/notifications/{id}',
      '/api/v1/owner/notifications/{id}/resend',
      '/api/v1/owner/passkeys',
      '/api/v1/owner/passkeys/authentication-options',
      '/api/v1/owner/passkeys/registration-options',
      '/api/v1/owner/passkeys/{id}',
      '/api/v1/owner/password',
      '/api/v1/owner/password-reset',
      '/api/v1/owner/password-reset/confirm',
      '/api/v1/owner/reauthenticate',
      '/api/v1/owner/reauthenticate/passkey',
      '/api/v1/owner/recovery-codes',
      '/api/v1/owner/second-factor',
      '/api/v1/owner/second-factor/setup',
      '/api/v1/owner/security',
      '/api/v1/owner/session',
      '/api/v1/owner/session/passkey',
      '/api/v1/owner/sessions',
      '/api/v1/owner/sessions/{id}',
      '/api/v1/owner/setup',
      '/api/v1/owner/setup-checklist',
      '/api/v1/owner/setup-checklist/content-reviewed',
      '/api/v1/owner/setup-checklist/hide',
      '/api/v1/owner/site-address',
      '/api/v1/owner/stats',
      '/api/v1/owner/stats/export',
      '/api/v1/owner/stats/now',
      '/api/v1/owner/stats/shares',
      '/api/v1/owner/stats/shares/{id}',
      '/api/v1/owner/stats/this-browser',
      '/api/v1/owner/telegram',
      '/api/v1/owner/telegram/link',
      '/api/v1/owner/weekly-summary',
      '/api/v1/pages/about',
      '/api/v1/pages/footer',
      '/api/v1/pages/home',
      '/api/v1/pages/portfolio',
      '/api/v1/pages/{section}',
      '/api/v1/projects/{slug}',
      '/api/v1/shared/{token}/stats',
      '/api/v1/shared/{token}/unlock',
      '/api/v1/visitor/check',
      '/api/v1/visitor/create/{device}',
      '/api/v1/visitor/goal',
      '/api/v1/visitor/preferences',
      '/api/v1/visitor/visit/{device}',
    ]);
    const contact = document.paths['/api/v1/contact'].post;
    const body = contact.requestBody.content['application/json'].schema;
    expect(body.required).toEqual(['name', 'email', 'message']);
    expect(body.properties.message.maxLength).toBe(5000);
    expect(Object.keys(contact.responses)).toEqual(expect.arrayContaining(['201', '400', '429']));
  });

  it('answers a method the route does not have with JSON, never 500', async () => {
    const response = await testApp.app.inject({ method: 'DELETE', url: '/api/v1/contact' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ success: false });
  });
});
