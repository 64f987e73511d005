import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIELD_ERROR_CODES } from '../shared/api-errors.js';
import { createTestApp, type TestApp } from './test/helper.js';

/**
 * Field errors carry the API's fixed codes on every route, never zod's English text: the web app
 * translates the codes, so they must not change when zod rewords a message.
 */
describe('field errors on every route', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp();
  });
  afterAll(async () => testApp.close());

  const cases: { name: string; method: 'GET' | 'POST'; url: string; payload?: object; errors: object[] }[] = [
    {
      name: 'contact: missing, wrong type and unknown fields',
      method: 'POST',
      url: '/api/v1/contact',
      payload: { email: 42, message: 'Long enough message', nmae: 'Ali' },
      errors: [
        { field: 'nmae', code: 'unknown_field' },
        { field: 'name', code: 'required' },
        { field: 'email', code: 'required' },
      ],
    },
    {
      name: 'contact: too long, a bad address, an unknown language',
      method: 'POST',
      url: '/api/v1/contact',
      payload: { name: 'x'.repeat(101), email: 'not-an-address', message: 'Long enough message', locale: 'klingon' },
      errors: [
        { field: 'name', code: 'too_long' },
        { field: 'email', code: 'invalid_email' },
        { field: 'locale', code: 'invalid_choice' },
      ],
    },
    {
      name: 'visit: an unknown device in the path',
      method: 'POST',
      url: '/api/v1/visitor/visit/tablet',
      payload: {},
      errors: [{ field: 'device', code: 'invalid_choice' }],
    },
    {
      name: 'visit: a path that is not a path, a theme that does not exist, an unknown field',
      method: 'POST',
      url: '/api/v1/visitor/visit/web',
      payload: { path: 'home', theme: 'blue', colour: 'red' },
      errors: [
        { field: 'colour', code: 'unknown_field' },
        { field: 'path', code: 'invalid_format' },
        { field: 'theme', code: 'invalid_choice' },
      ],
    },
    {
      name: 'create: an unknown device',
      method: 'GET',
      url: '/api/v1/visitor/create/fridge',
      errors: [{ field: 'device', code: 'invalid_choice' }],
    },
  ];

  for (const { name, method, url, payload, errors } of cases) {
    it(name, async () => {
      const response = await testApp.app.inject({ method, url, payload });
      expect(response.statusCode).toBe(400);
      const body = response.json();
      expect(body).toMatchObject({ success: false, code: 'validation_failed' });
      expect(body.errors).toEqual(expect.arrayContaining(errors));
      expect(body.errors).toHaveLength(errors.length);
      for (const error of body.errors) expect(FIELD_ERROR_CODES).toContain(error.code);
    });
  }
});
