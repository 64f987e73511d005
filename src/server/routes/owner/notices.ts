import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  interfaceLanguageBodySchema,
  noticesBodySchema,
  noticesResponseSchema,
} from '../../../shared/schemas/notices.js';
import type { NotificationSettings } from '../../config.js';
import type { Db } from '../../db/database.js';
import { AppError } from '../../errors.js';
import { queueMessageDigest } from '../../outbox/message-digest.js';
import {
  effectiveNoticeLocale,
  noticeChoices,
  saveNoticeChoices,
  setInterfaceLanguage,
} from '../../repositories/owner-settings-repository.js';
import { ok } from '../responses.js';
import { settingRoutes } from './setting-routes.js';

/**
 * Which notices the owner gets and in which language (decision 037), inside the owner scope. Stored
 * in the database and read at each send, so a change counts at once in every process; OWNER_LOCALE,
 * when the environment gives it, wins over the language chosen here.
 */
export interface NoticesRoutesOptions {
  db: Db;
  notifications: NotificationSettings;
  /** The site's address chosen now, for the digest's link to the inbox. */
  publicUrl: () => string | undefined;
  /** Wakes the outbox worker after a digest was queued. */
  onQueued: () => void;
}

export const noticesRoutes: FastifyPluginAsync<NoticesRoutesOptions> = async (
  app,
  { db, notifications, publicUrl, onQueued },
) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const current = async () => {
    const choices = await noticeChoices(db);
    return {
      language: choices.language,
      interfaceLanguage: choices.interfaceLanguage,
      effectiveLanguage: effectiveNoticeLocale(notifications, choices),
      languageFromEnvironment: notifications.locale !== undefined,
      messages: choices.messages,
      digestHours: choices.digestHours,
      signIns: choices.signIns,
    };
  };

  settingRoutes(app, {
    path: '/owner/notices',
    response: noticesResponseSchema,
    current,
    get: { summary: 'Which notices the owner gets, and their language' },
    put: {
      summary: 'Choose the notices and their language',
      description: 'A language other than OWNER_LOCALE, when the environment sets it, is refused with 409.',
      body: noticesBodySchema,
      errors: [409],
      save: async (body) => {
        const { language } = body;
        if (notifications.locale !== undefined && language !== undefined && language !== notifications.locale) {
          throw new AppError(409, 'owner_locale_from_environment', 'OWNER_LOCALE sets the language of notifications');
        }
        const before = await noticeChoices(db);
        await saveNoticeChoices(db, body);
        // Back from digests to each message: the messages of the period not yet summed up are told now
        // in one last digest (new ones are told one by one from here on), so none goes untold.
        if (before.messages === 'digest' && body.messages === 'each') {
          if (
            (await queueMessageDigest(db, { notifications, publicUrl: publicUrl() }, new Date(), before)) === 'queued'
          ) {
            onQueued();
          }
        }
      },
    },
  });

  api.put('/owner/interface-language', {
    schema: {
      summary: 'The owner area’s language, reported when signed in and when it changes',
      description: 'Notices follow it unless another language is chosen (or OWNER_LOCALE is set).',
      body: interfaceLanguageBodySchema,
      response: { 200: noticesResponseSchema },
    },
    handler: async (request) => {
      await setInterfaceLanguage(db, request.body.language);
      return ok(await current());
    },
  });
};
