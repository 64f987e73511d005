import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { toCsv } from '../../../shared/csv.js';
import { messageOriginResponseSchema } from '../../../shared/schemas/message-origin.js';
import {
  bulkStateBodySchema,
  bulkStateResponseSchema,
  idParamsSchema,
  type MessageState,
  messageListQuerySchema,
  messageListResponseSchema,
  messageResponseSchema,
  messageStateBodySchema,
} from '../../../shared/schemas/owner.js';
import { requireRecentAuthentication } from '../../auth/reauthentication.js';
import type { Db } from '../../db/database.js';
import { AppError } from '../../errors.js';
import {
  exportMessages,
  getMessage,
  listMessages,
  type StateChange,
  setMessageState,
} from '../../repositories/contact-repository.js';
import { messageOrigins } from '../../repositories/stats-message-origin-repository.js';
import { errorResponses, ok } from '../responses.js';

/** A move the inbox does not allow (`shared/inbox-moves.ts`) is refused as a whole: nothing moved. */
function refuseDisallowedMoves({ refused }: StateChange, state: MessageState): void {
  const [first] = refused;
  if (!first) return;
  throw new AppError(
    409,
    'move_not_allowed',
    refused.length === 1
      ? `A message in ${first.state} cannot be moved to ${state}`
      : `${refused.length} of the messages cannot be moved to ${state} from where they are`,
  );
}

/** The inbox: list, read one, change states one by one or in bulk, export as CSV. */
export const messageRoutes: FastifyPluginAsync<{ db: Db }> = async (app, { db }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();

  /** The message with that id; 404 otherwise. */
  async function existingMessage(id: string) {
    const message = await getMessage(db, id);
    if (!message) throw new AppError(404, 'not_found', 'No such message');
    return message;
  }

  api.get('/owner/messages', {
    schema: {
      summary: 'Contact messages, newest first, with counts per state',
      querystring: messageListQuerySchema,
      response: { 200: messageListResponseSchema },
    },
    handler: async (request) => ok(await listMessages(db, request.query)),
  });

  api.get('/owner/messages/export', {
    schema: {
      summary: 'The messages matching the filters as CSV (UTF-8 with a byte-order mark)',
      querystring: messageListQuerySchema.pick({ state: true, q: true }),
      produces: ['text/csv'],
    },
    // Every message at once is worth a fresh proof of identity (decision on the sign-in model).
    preHandler: requireRecentAuthentication,
    handler: async (request, reply) => {
      const rows = await exportMessages(db, request.query);
      const origins = await messageOrigins(
        db,
        rows.filter((row) => row.visitor_id !== null).map((row) => row.id),
      );
      // Where each writer came from (decision 039); empty cells when the writer was not counted.
      const csv = toCsv(
        [
          'created_at',
          'state',
          'name',
          'email',
          'message',
          'language',
          'spam_reason',
          'landing_page',
          'referrer',
          'utm_source',
          'utm_medium',
          'utm_campaign',
          'device',
          'pages_read',
          'seconds_before_writing',
        ],
        rows.map((row) => {
          const origin = origins.get(row.id);
          return [
            row.created_at,
            row.state,
            row.name,
            row.email,
            row.message,
            row.locale,
            row.spam_reason,
            origin?.landingPage ?? null,
            origin?.referrer ?? null,
            origin?.source ?? null,
            origin?.medium ?? null,
            origin?.campaign ?? null,
            origin?.device ?? null,
            origin ? origin.pagesRead.map((path) => path ?? '').join(' ') : null,
            origin?.secondsBeforeWriting ?? null,
          ];
        }),
      );
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="messages-${day}.csv"`)
        .send(csv);
    },
  });

  api.get('/owner/messages/:id', {
    schema: {
      summary: 'One message with its deliveries',
      params: idParamsSchema,
      response: { 200: messageResponseSchema, ...errorResponses(404) },
    },
    handler: async (request) => {
      const message = await existingMessage(request.params.id);
      return ok({ message });
    },
  });

  api.get('/owner/messages/:id/origin', {
    schema: {
      summary:
        'Where the message’s writer came from: their first visit’s page, referrer and campaign, device, pages read',
      description:
        'From the visits of the counted visitor who sent it (the X-Visitor-Key of the contact form). Never an IP address. null when the writer was not counted or its visits have expired.',
      params: idParamsSchema,
      response: { 200: messageOriginResponseSchema, ...errorResponses(404) },
    },
    handler: async (request) => {
      const message = await existingMessage(request.params.id);
      const origins = await messageOrigins(db, [message.id]);
      return ok({ origin: origins.get(message.id) ?? null });
    },
  });

  api.patch('/owner/messages/:id', {
    schema: {
      summary:
        'Move a message to another state (read, replied, archived, spam, trash, or new again); 409 when its state does not allow that move',
      params: idParamsSchema,
      body: messageStateBodySchema,
      response: { 200: messageResponseSchema, ...errorResponses(404, 409) },
    },
    handler: async (request) => {
      const change = await setMessageState(db, [request.params.id], request.body.state);
      refuseDisallowedMoves(change, request.body.state);
      const message = await existingMessage(request.params.id);
      return ok({ message }, 'Updated');
    },
  });

  api.patch('/owner/messages', {
    schema: {
      summary: 'Move several messages to one state, all or none: 409 when one of them does not allow the move',
      body: bulkStateBodySchema,
      response: { 200: bulkStateResponseSchema, ...errorResponses(409) },
    },
    handler: async (request) => {
      const change = await setMessageState(db, request.body.ids, request.body.state);
      refuseDisallowedMoves(change, request.body.state);
      return ok({ updated: change.updated }, 'Updated');
    },
  });
};
