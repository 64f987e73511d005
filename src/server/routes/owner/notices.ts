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
import {
  effectiveNoticeLocale,
  noticeChoices,
  saveNoticeChoices,
  setInterfaceLanguage,
} from '../../repositories/owner-settings-repository.js';
import { errorResponses, ok } from '../responses.js';

/**
 * Which notices the owner gets and in which language (decision 037), inside the owner scope. Stored
 * in the database and read at each send, so a change counts at once in every process; OWNER_LOCALE,
 * when the environment gives it, wins over the language chosen here.
 */
export const noticesRoutes: FastifyPluginAsync<{ db: Db; notifications: NotificationSettings }> = async (
  app,
  { db, notifications },
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

  api.get('/owner/notices', {
    schema: {
      summary: 'Which notices the owner gets, and their language',
      response: { 200: noticesResponseSchema },
    },
    handler: async () => ok(await current()),
  });

  api.put('/owner/notices', {
    schema: {
      summary: 'Choose the notices and their language',
      description: 'A language other than OWNER_LOCALE, when the environment sets it, is refused with 409.',
      body: noticesBodySchema,
      response: { 200: noticesResponseSchema, ...errorResponses(409) },
    },
    handler: async (request) => {
      const { language } = request.body;
      if (notifications.locale !== undefined && language !== undefined && language !== notifications.locale) {
        throw new AppError(409, 'owner_locale_from_environment', 'OWNER_LOCALE sets the language of notifications');
      }
      await saveNoticeChoices(db, request.body);
      return ok(await current());
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
