import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { errorResponseSchema, successResponseSchema } from '../../shared/schemas/api.js';
import { errorResponses, ok, ownerErrorResponses } from './responses.js';

describe('route answers', () => {
  it('ok() is a success answer in the API shape, "OK" unless another message is given', () => {
    const schema = successResponseSchema(z.object({ id: z.string() }));
    expect(schema.parse(ok({ id: 'a' }))).toEqual({ success: true, message: 'OK', data: { id: 'a' } });
    expect(ok({ id: 'a' }, 'Queued')).toEqual({ success: true, message: 'Queued', data: { id: 'a' } });
  });

  it('errorResponses() documents each status with the one error shape', () => {
    expect(errorResponses(404, 409)).toEqual({ 404: errorResponseSchema, 409: errorResponseSchema });
    expect(ownerErrorResponses).toEqual({
      400: errorResponseSchema,
      401: errorResponseSchema,
      403: errorResponseSchema,
    });
  });
});
