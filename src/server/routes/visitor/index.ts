import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  errorResponseSchema,
  visitorCheckResponseSchema,
  visitorCreateResponseSchema,
  visitResponseSchema,
} from '../../../shared/schemas/api.js';
import {
  deviceParamsSchema,
  VISITOR_KEY_HEADER,
  visitBodySchema,
  visitorHeadersSchema,
  visitorKeySchema,
} from '../../../shared/schemas/visitor.js';
import type { Db } from '../../db/database.js';
import { AppError } from '../../errors.js';
import { createVisitor, findVisitorIdByToken, recordVisit } from './visitor-repository.js';

/** Looks up the visitor named by a well-formed key; a malformed key names nobody. */
export async function visitorIdFromKey(db: Db, key: string | undefined): Promise<string | undefined> {
  if (!key || !visitorKeySchema.safeParse(key).success) return undefined;
  return findVisitorIdByToken(db, key);
}

/** Anonymous visitor statistics (spec §4 "Visitor", §7). The token grants nothing. */
export const visitorRoutes: FastifyPluginAsync<{ db: Db; rateLimit: number }> = async (app, { db, rateLimit }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const errors = { 400: errorResponseSchema, 404: errorResponseSchema, 429: errorResponseSchema };

  api.get('/visitor/check', {
    schema: {
      tags: ['visitor'],
      summary: 'Whether X-Visitor-Key names a known visitor',
      headers: visitorHeadersSchema,
      response: { 200: visitorCheckResponseSchema, ...errors },
    },
    handler: async (request) => {
      const visitorId = await visitorIdFromKey(db, request.headers[VISITOR_KEY_HEADER]);
      return { success: true as const, message: 'OK', data: { new: visitorId === undefined } };
    },
  });

  api.get('/visitor/create/:device', {
    config: { rateLimit: { max: rateLimit, timeWindow: '1 minute' } },
    schema: {
      tags: ['visitor'],
      summary: 'Create a visitor and record its first visit',
      params: deviceParamsSchema,
      response: { 200: visitorCreateResponseSchema, ...errors },
    },
    handler: async (request) => {
      const token = await createVisitor(db, request.params.device);
      return { success: true as const, message: 'OK', data: { token } };
    },
  });

  api.post('/visitor/visit/:device', {
    config: { rateLimit: { max: rateLimit * 4, timeWindow: '1 minute' } },
    schema: {
      tags: ['visitor'],
      summary: 'Record one visit of the visitor named by X-Visitor-Key',
      params: deviceParamsSchema,
      headers: visitorHeadersSchema,
      body: visitBodySchema,
      response: { 200: visitResponseSchema, ...errors },
    },
    handler: async (request) => {
      const key = request.headers[VISITOR_KEY_HEADER];
      if (!key) throw new AppError(400, 'visitor_key_missing', 'The X-Visitor-Key header is required');
      const visitorId = await visitorIdFromKey(db, key);
      if (!visitorId) throw new AppError(404, 'visitor_not_found', 'No visitor has this X-Visitor-Key');
      await recordVisit(db, visitorId, request.params.device, request.body);
      return { success: true as const, message: 'OK', data: { recorded: true as const } };
    },
  });
};
