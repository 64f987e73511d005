import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  DEFAULT_SMTP_PORT,
  type EmailSettings,
  emailCheckResponseSchema,
  emailSettingsBodySchema,
  emailSettingsResponseSchema,
  emailTestResponseSchema,
} from '../../../shared/schemas/email-settings.js';
import type { NotificationSettings } from '../../config.js';
import type { Db } from '../../db/database.js';
import { AppError } from '../../errors.js';
import {
  checkSmtp,
  environmentEmailSettings,
  type SmtpTlsOptions,
  storedSmtpTarget,
} from '../../outbox/stored-email.js';
import { createRateLimit } from '../../rate-limit/rate-limit.js';
import { getStoredEmailSettings, putStoredEmailSettings } from '../../repositories/email-settings-repository.js';
import { enqueueNotification, toDelivery } from '../../repositories/notification-repository.js';
import type { SecretBox } from '../../security/secret-box.js';
import { errorResponses, ok } from '../responses.js';
import { settingRoutes } from './setting-routes.js';

export interface EmailSettingsRoutesOptions {
  db: Db;
  notifications: NotificationSettings;
  secretBox: SecretBox;
  /** Wakes the outbox worker after the test message was queued. */
  onQueued: () => void;
  /** Extra TLS options for Verify (tests trust their self-signed certificate); the owner cannot set them. */
  smtpTls?: SmtpTlsOptions;
}

const fromEnvironment = () =>
  new AppError(
    409,
    'email_from_environment',
    "E-mail is set by the server's environment (SMTP_URL, MAIL_FROM, MAIL_TO)",
  );

/**
 * E-mail in Settings (issue 28): read, save, check the login without sending, and send a test
 * through the outbox. The environment's SMTP_URL wins and is shown read-only. The password is
 * write-only: kept sealed, answered only as `passwordSet` (docs/decisions/034).
 */
export const emailSettingsRoutes: FastifyPluginAsync<EmailSettingsRoutesOptions> = async (
  app,
  { db, notifications, secretBox, onQueued, smtpTls },
) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const environment = notifications.email ? environmentEmailSettings(notifications.email) : undefined;
  // Verify and Send test reach another server: a few a minute is plenty for a person.
  const outgoingLimit = createRateLimit(db, { name: 'owner-email-check', points: 20, windowMs: 10 * 60_000 });

  const current = async (): Promise<EmailSettings> => {
    if (environment) return environment;
    const stored = await getStoredEmailSettings(db);
    if (!stored) {
      return {
        source: 'none',
        host: '',
        port: DEFAULT_SMTP_PORT.starttls,
        security: 'starttls',
        user: '',
        passwordSet: false,
        from: '',
        to: '',
      };
    }
    const { sealedPassword, ...rest } = stored;
    return { source: 'settings', ...rest, passwordSet: sealedPassword !== null };
  };

  settingRoutes(app, {
    path: '/owner/email-settings',
    response: emailSettingsResponseSchema,
    current,
    get: {
      summary: 'E-mail settings (never the password)',
      description:
        '`source: environment` when SMTP_URL, MAIL_FROM and MAIL_TO are set: they win and cannot be changed here.',
    },
    put: {
      summary: 'Save the e-mail settings',
      description: 'An empty password keeps the stored one. The password is stored sealed and never answered.',
      body: emailSettingsBodySchema,
      errors: [409],
      save: async ({ password, ...rest }) => {
        if (environment) throw fromEnvironment();
        const stored = await getStoredEmailSettings(db);
        const sealedPassword =
          password !== '' ? secretBox.seal(password) : rest.user ? (stored?.sealedPassword ?? null) : null;
        await putStoredEmailSettings(db, { ...rest, sealedPassword });
      },
      message: 'Saved',
    },
  });

  api.post('/owner/email-settings/verify', {
    schema: {
      summary: "Check the form's settings: connect and log in without sending",
      description: 'Nothing is saved. An empty password uses the stored one. A failure names what failed.',
      body: emailSettingsBodySchema,
      response: { 200: emailCheckResponseSchema, ...errorResponses(409, 429) },
    },
    preHandler: outgoingLimit,
    handler: async (request) => {
      if (environment) throw fromEnvironment();
      let { password } = request.body;
      if (password === '' && request.body.user) {
        const stored = await getStoredEmailSettings(db);
        password = stored?.sealedPassword ? secretBox.open(stored.sealedPassword) : '';
        if (password === '') return ok({ ok: false, problem: 'password_missing' as const });
      }
      const problem = await checkSmtp({ ...request.body, password }, smtpTls);
      return ok({ ok: problem === null, problem });
    },
  });

  api.post('/owner/email-settings/test', {
    schema: {
      summary: 'Queue a test e-mail through the outbox, with the saved settings',
      response: { 201: emailTestResponseSchema, ...errorResponses(409, 429) },
    },
    preHandler: outgoingLimit,
    handler: async (_request, reply) => {
      if (!environment && !(await storedSmtpTarget(db, secretBox))) {
        throw new AppError(409, 'channel_not_configured', 'E-mail is not set up: save the settings first');
      }
      const job = await enqueueNotification(db, 'email', 'test');
      onQueued();
      return reply.code(201).send(ok({ delivery: toDelivery(job) }, 'Queued'));
    },
  });
};
