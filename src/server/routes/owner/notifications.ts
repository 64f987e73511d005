import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  deliveryResponseSchema,
  idParamsSchema,
  NOTIFICATION_CHANNELS,
  notificationsResponseSchema,
  testNotificationBodySchema,
} from '../../../shared/schemas/owner.js';
import type { NotificationSettings } from '../../config.js';
import type { Db } from '../../db/database.js';
import { AppError } from '../../errors.js';
import {
  activeChannels,
  getNotificationJob,
  getStoredEmailSettings,
} from '../../repositories/email-settings-repository.js';
import {
  countPending,
  enqueueNotification,
  listDeliveryProblems,
  resendJob,
  toDelivery,
} from '../../repositories/notification-repository.js';
import { getStoredTelegramSettings } from '../../repositories/telegram-settings-repository.js';
import { errorResponses, ok } from '../responses.js';

export interface NotificationRoutesOptions {
  db: Db;
  notifications: NotificationSettings;
  /** Wakes the outbox worker after a job was queued. */
  onQueued: () => void;
}

/** Notification channels: which are on, what is waiting or failed, a test per channel, resend. */
export const notificationRoutes: FastifyPluginAsync<NotificationRoutesOptions> = async (
  app,
  { db, notifications, onQueued },
) => {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get('/owner/notifications', {
    schema: {
      summary: 'Notification channels, pending deliveries and failures',
      response: { 200: notificationsResponseSchema },
    },
    handler: async () => {
      // E-mail may be set up in Settings while the site runs: read each time.
      const active = await activeChannels(db, notifications);
      const emailTarget = notifications.email?.to ?? (await getStoredEmailSettings(db))?.to ?? null;
      const storedTelegram = (await getStoredTelegramSettings(db))?.settings;
      const telegramTarget =
        notifications.telegram?.chatId ?? storedTelegram?.chatName ?? storedTelegram?.chatId ?? null;
      return ok({
        channels: NOTIFICATION_CHANNELS.map((channel) => ({
          channel,
          configured: active.includes(channel),
          target: channel === 'email' ? emailTarget : telegramTarget,
        })),
        pending: await countPending(db),
        problems: await listDeliveryProblems(db),
      });
    },
  });

  api.post('/owner/notifications/test', {
    schema: {
      summary: 'Queue a test notification on one channel',
      body: testNotificationBodySchema,
      response: { 201: deliveryResponseSchema, ...errorResponses(409) },
    },
    handler: async (request, reply) => {
      const { channel } = request.body;
      if (!(await activeChannels(db, notifications)).includes(channel)) {
        throw new AppError(409, 'channel_not_configured', `The ${channel} channel is not configured`);
      }
      const job = await enqueueNotification(db, channel, 'test');
      onQueued();
      return reply.code(201).send(ok({ delivery: toDelivery(job) }, 'Queued'));
    },
  });

  api.get('/owner/notifications/:id', {
    schema: {
      summary: 'One delivery: waiting, sent or failed (a test the page follows until it is delivered)',
      params: idParamsSchema,
      response: { 200: deliveryResponseSchema, ...errorResponses(404) },
    },
    handler: async (request) => {
      const job = await getNotificationJob(db, request.params.id);
      if (!job) throw new AppError(404, 'not_found', 'No such delivery');
      return ok({ delivery: toDelivery(job) });
    },
  });

  api.post('/owner/notifications/:id/resend', {
    schema: {
      summary: 'Send a delivery again now',
      params: idParamsSchema,
      response: { 200: deliveryResponseSchema, ...errorResponses(404) },
    },
    handler: async (request) => {
      const job = await resendJob(db, request.params.id);
      if (!job) throw new AppError(404, 'not_found', 'No such delivery');
      onQueued();
      return ok({ delivery: toDelivery(job) }, 'Queued');
    },
  });
};
