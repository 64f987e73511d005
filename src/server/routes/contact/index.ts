import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { contactResponseSchema, errorResponseSchema } from '../../../shared/schemas/api.js';
import { contactMessageSchema } from '../../../shared/schemas/contact.js';
import { VISITOR_KEY_HEADER, visitorHeadersSchema } from '../../../shared/schemas/visitor.js';
import type { Db } from '../../db/database.js';
import { visitorIdFromKey } from '../visitor/index.js';
import { saveContactMessage } from './contact-repository.js';

export interface ContactRoutesOptions {
  db: Db;
  rateLimit: { max: number; windowMinutes: number };
}

/** `POST /contact`: a visitor's message, stored before it is acknowledged. */
export const contactRoutes: FastifyPluginAsync<ContactRoutesOptions> = async (app, { db, rateLimit }) => {
  app.withTypeProvider<ZodTypeProvider>().post('/contact', {
    config: { rateLimit: { max: rateLimit.max, timeWindow: rateLimit.windowMinutes * 60_000 } },
    schema: {
      tags: ['contact'],
      summary: 'Send the owner a message',
      headers: visitorHeadersSchema,
      body: contactMessageSchema,
      response: {
        201: contactResponseSchema,
        400: errorResponseSchema,
        413: errorResponseSchema,
        415: errorResponseSchema,
        429: errorResponseSchema,
      },
    },
    handler: async (request, reply) => {
      if (request.body.website) {
        // A bot filled the hidden field: answer as usual so it learns nothing, and keep nothing.
        request.log.warn({ ip: request.ip }, 'contact message dropped: the hidden field was filled');
        return reply
          .code(201)
          .send({ success: true as const, message: 'Message received', data: { id: randomUUID() } });
      }
      const visitorId = await visitorIdFromKey(db, request.headers[VISITOR_KEY_HEADER]);
      const id = await saveContactMessage(db, request.body, visitorId);
      request.log.info({ contactMessageId: id }, 'contact message stored');
      return reply.code(201).send({ success: true as const, message: 'Message received', data: { id } });
    },
  });
};
