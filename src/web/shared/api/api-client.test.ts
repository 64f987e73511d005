import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startRealApi } from '../../../server/test/real-api.js';
import { ApiError, apiRequest, setVisitorKey } from './api-client.js';

describe('apiRequest against the real server', () => {
  let api: Awaited<ReturnType<typeof startRealApi>>;
  beforeAll(async () => {
    api = await startRealApi('Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X)');
  });
  afterAll(async () => api.stop());
  beforeEach(() => {
    api.requests.length = 0;
    setVisitorKey(undefined);
  });

  it('unwraps the envelope and sends credentials', async () => {
    const footer = await apiRequest<{ social_links: unknown[] }>('/pages/footer');
    expect(footer.social_links).toEqual(api.testApp.content.footer.social_links);
    expect(api.requests[0]?.init?.credentials).toBe('include');
  });

  it('adds X-Visitor-Key and X-Device once a key is stored, and not before', async () => {
    await apiRequest('/visitor/check');
    expect(api.requests[0]?.init?.headers).not.toHaveProperty('x-visitor-key');
    const { token } = await apiRequest<{ token: string }>('/visitor/create/mobile');
    setVisitorKey(token);
    const check = await apiRequest<{ new: boolean }>('/visitor/check');
    expect(check.new).toBe(false);
    expect(api.requests.at(-1)?.init?.headers).toMatchObject({ 'x-visitor-key': token, 'x-device': 'mobile' });
  });

  it('turns an answer without success: true into an error carrying its message and code', async () => {
    const error = await apiRequest('/pages/contact').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ message: 'Section not found', code: 'section_not_found', status: 404 });
  });

  it('passes field errors on', async () => {
    const error = await apiRequest('/contact', {
      method: 'POST',
      body: { name: 'A', email: 'x', message: 'long enough text' },
    }).catch((caught: unknown) => caught);
    expect(error).toMatchObject({
      code: 'validation_failed',
      fieldErrors: [{ field: 'email', code: 'invalid_email' }],
    });
  });
});
