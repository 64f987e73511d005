import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { contactResponseSchema } from '../../../shared/schemas/api.js';
import { CONTACT_MIN_FILL_MS, type ContactMessage, contactMessageSchema } from '../../../shared/schemas/contact.js';
import type { NotificationChannel, SpamReason } from '../../../shared/schemas/owner.js';
import { VISITOR_KEY_HEADER, visitorHeadersSchema } from '../../../shared/schemas/visitor.js';
import { sessionOf } from '../../auth/current-session.js';
import type { Db } from '../../db/database.js';
import { createRateLimit } from '../../rate-limit/rate-limit.js';
import { saveContactMessage } from '../../repositories/contact-repository.js';
import { latestVisitOf, recordGoal } from '../../repositories/goal-repository.js';
import { noticeChoices } from '../../repositories/owner-settings-repository.js';
import { visitorIdFromKey } from '../../repositories/visitor-repository.js';
import { pageOfReferer } from '../../stats/goals.js';
import { type OwnerCheck, visitorCallNotCountedReason } from '../../stats/not-counted.js';
import { errorResponses, ok } from '../responses.js';

export interface ContactRoutesOptions {
  db: Db;
  rateLimit: { max: number; windowMinutes: number };
  /** The channels each new message is announced on (one outbox job per channel), read for each message. */
  channels: () => Promise<NotificationChannel[]>;
  /** Called once a message and its jobs are stored, so the outbox worker delivers them at once. */
  onStored: () => void;
  /** Whether the request carries the owner's session (by default, a live session cookie); see `writerOf`. */
  isOwner?: OwnerCheck;
  /** Whether an entry's address is one the site serves, for the page a message was sent from. */
  isEntryPage?: (path: string) => boolean;
}

/** A filled hidden field, or a form sent faster than anyone could fill it. */
function spamReason(message: ContactMessage): SpamReason | undefined {
  if (message.website) return 'honeypot';
  if (message.filled_in_ms !== undefined && message.filled_in_ms < CONTACT_MIN_FILL_MS) return 'too_fast';
  return undefined;
}

/** `POST /contact`: a visitor's message, stored with its notifications before it is acknowledged. */
export const contactRoutes: FastifyPluginAsync<ContactRoutesOptions> = async (app, options) => {
  const { db, rateLimit, onStored } = options;
  const isOwner = options.isOwner ?? (async (request) => (await sessionOf(db, request)) !== undefined);
  app.withTypeProvider<ZodTypeProvider>().post('/contact', {
    preHandler: createRateLimit(db, {
      name: 'contact',
      points: rateLimit.max,
      windowMs: rateLimit.windowMinutes * 60_000,
    }),
    schema: {
      tags: ['contact'],
      summary: 'Send the owner a message',
      headers: visitorHeadersSchema,
      body: contactMessageSchema,
      response: { 201: contactResponseSchema, ...errorResponses(400, 413, 415, 429) },
    },
    handler: async (request, reply) => {
      const reason = spamReason(request.body);
      // In digest mode nothing is queued now: the digest job lists the message later (decision 037).
      const channels = (await noticeChoices(db)).messages === 'digest' ? [] : await options.channels();
      // The writer's visits show in the inbox (decision 039): only a counted visitor's, so nothing for
      // a crawler, a browser without the visitor key (no JavaScript), the owner or a switched-off browser.
      const counted = !(await visitorCallNotCountedReason(request, isOwner));
      const visitorId = counted ? await visitorIdFromKey(db, request.headers[VISITOR_KEY_HEADER]) : undefined;
      const id = await saveContactMessage(db, request.body, { spamReason: reason, channels, visitorId });
      if (reason) {
        // Kept in the spam folder, never silently lost; the bot gets the usual answer and learns nothing.
        request.log.warn({ contactMessageId: id, reason }, 'contact message filed as spam');
        return reply.code(201).send(ok({ id: randomUUID() }, 'Message received'));
      }
      request.log.info({ contactMessageId: id }, 'contact message stored');
      if (counted) await countMessageGoal(request, request.body.locale, visitorId);
      if (channels.length > 0) onStored();
      return reply.code(201).send(ok({ id }, 'Message received'));
    },
  });

  /** A message is a goal (decision 041), from the page its Referer names; a failure loses the count, never the message. */
  async function countMessageGoal(
    request: FastifyRequest,
    locale: ContactMessage['locale'],
    visitorId: string | undefined,
  ) {
    try {
      const visit = visitorId ? await latestVisitOf(db, visitorId) : undefined;
      await recordGoal(db, {
        goal: 'message',
        visitorId,
        visitId: visit?.id,
        locale: locale ?? visit?.locale,
        page: pageOfReferer(request, options.isEntryPage) ?? visit?.path,
      });
    } catch (error) {
      request.log.error({ err: error }, 'could not count a message as a goal');
    }
  }
};
