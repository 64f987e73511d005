import { describe, expect, it } from 'vitest';
import { testDialect } from '../../test/helper.js';
import { ownerHeaders, ownerTestAppForBlock } from '../../test/owner-app.js';
import { sampleContent } from '../../test/sample-content.js';

/** Issue 25, item 9: the validator's `key in …` took keys every object inherits for sections. */
describe(`a draft with keys every object inherits, on ${testDialect}`, () => {
  const owner = ownerTestAppForBlock();

  // The body as written, not as an object would serialize it: JSON.stringify drops a `__proto__` key.
  const send = (method: 'GET' | 'PUT' | 'POST', url: string, payload?: string) =>
    owner.call(method, url, payload, { ...ownerHeaders(owner.testApp), 'content-type': 'application/json' });

  it('refuses to publish sections named toString and constructor, naming each, and publishes nothing', async () => {
    const { draft } = (await send('GET', '/draft')).json().data;
    const content = JSON.stringify(sampleContent()).replace(/^\{/, '{"toString":{"a":1},"constructor":"x",');
    const saved = await send('PUT', '/draft', `{"content":${content},"basedOn":1,"revision":${draft.revision}}`);
    expect(saved.statusCode).toBe(200);
    const refused = await send('POST', '/publish', '{}');
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ code: 'validation_failed' });
    expect(refused.json().errors).toEqual(
      expect.arrayContaining([
        { field: 'toString', code: 'unknown_field' },
        { field: 'constructor', code: 'unknown_field' },
      ]),
    );
    expect((await send('GET', '/versions')).json().data).toHaveLength(1);
  });

  it('refuses a draft with a __proto__ key, with a 400 and not a 500, leaving the draft as it was', async () => {
    const { draft } = (await send('GET', '/draft')).json().data;
    const content = JSON.stringify(sampleContent()).replace(/^\{/, '{"__proto__":{"polluted":true},');
    const refused = await send('PUT', '/draft', `{"content":${content},"basedOn":1,"revision":${draft.revision}}`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().success).toBe(false);
    expect((await send('GET', '/draft')).json().data.draft.revision).toBe(draft.revision);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
