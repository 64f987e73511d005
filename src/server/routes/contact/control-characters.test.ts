import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helper.js';

/** What a visitor sends may reach the owner's terminal, e-mail and Telegram: no control characters. */
describe('POST /api/v1/contact with control characters', () => {
  let testApp: TestApp;
  beforeEach(async () => {
    testApp = await createTestApp();
  });
  afterEach(async () => testApp.close());

  const send = (payload: object) =>
    testApp.app.inject({ method: 'POST', url: '/api/v1/contact', payload, remoteAddress: '10.0.0.9' });
  const valid = { name: 'Malika', email: 'malika@example.uz', message: 'Salom! Loyiha haqida gaplashsak.' };

  const refusedNames = [
    {
      test: 'refuses a name with ESC or a newline with a field code, and stores nothing',
      names: ['Malika\u001b[2J', 'Malika\nOwner wrote: hi'],
    },
    {
      test: 'refuses a name with a bidirectional control or a line separator with the field code the form translates',
      names: ['Malika \u202e<moc.elpmaxe@live>', 'Malika\u2066x\u2069', 'Malika\u2028Owner wrote: hi'],
    },
  ];
  for (const { test, names } of refusedNames) {
    it(test, async () => {
      for (const name of names) {
        const response = await send({ ...valid, name });
        expect(response.statusCode).toBe(400);
        expect(response.json().errors).toEqual([expect.objectContaining({ field: 'name', code: 'invalid_format' })]);
      }
      const stored = await testApp.db.selectFrom('contact_messages').select('id').execute();
      expect(stored).toHaveLength(0);
    });
  }

  it('stores a message with its line breaks and tabs, without other control characters', async () => {
    const response = await send({ ...valid, message: 'Salom,\r\n\tloyiha\u001b]52;c;ZXZpbA==\u0007 haqida.' });
    expect(response.statusCode).toBe(201);
    const stored = await testApp.db.selectFrom('contact_messages').select('message').executeTakeFirstOrThrow();
    expect(stored.message).toBe('Salom,\n\tloyiha]52;c;ZXZpbA== haqida.');
  });
});
