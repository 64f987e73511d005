import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { sessionOf } from '../../auth/current-session.js';
import type { OwnerSessionTable } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import type { SmtpTlsOptions } from '../../outbox/stored-email.js';
import { getPasswordHash } from '../../repositories/owner-repository.js';
import type { SecretBox } from '../../security/secret-box.js';
import type { SiteAddress } from '../../site-address/site-address.js';
import { ownerErrorResponses } from '../responses.js';
import { backupRoutes } from './backups.js';
import { contentStoreRoutes } from './content.js';
import { contentTranslationRoutes } from './content-translations.js';
import { emailSettingsRoutes } from './email-settings.js';
import { entryRoutes } from './entries.js';
import { messageRoutes } from './messages.js';
import { noticesRoutes } from './notices.js';
import { type NotificationRoutesOptions, notificationRoutes } from './notifications.js';
import { passkeyRoutes } from './passkeys.js';
import { accountSecurityRoutes, passwordResetRoutes } from './password.js';
import { pictureRoutes } from './pictures.js';
import { secondFactorRoutes } from './second-factor.js';
import { sessionListRoutes, sessionRoutes } from './session.js';
import { ownerSetupRoutes } from './setup.js';
import { setupChecklistRoutes } from './setup-checklist.js';
import { siteAddressRoutes } from './site-address.js';
import { statsRoutes } from './stats.js';
import { statsExportRoutes } from './stats-export.js';
import { statsNowRoutes } from './stats-now.js';
import { statsShareRoutes } from './stats-shares.js';
import { telegramSettingsRoutes } from './telegram-settings.js';
import { weeklySummaryRoutes } from './weekly-summary-setting.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The owner's session, on routes under /owner that require one. */
    ownerSession: OwnerSessionTable | undefined;
  }
}

export type OwnerRoutesOptions = NotificationRoutesOptions & {
  /** The site's address: passkeys are bound to it, links in notifications point at it; Settings sets it. */
  siteAddress: SiteAddress;
  /** Where this machine keeps the pictures' variants. */
  cacheDir: string;
  /** Seals the passwords typed in Settings. */
  secretBox: SecretBox;
  /** Extra TLS options for SMTP set up in Settings (tests only). */
  smtpTls?: SmtpTlsOptions;
  /** Where Telegram's Bot API answers (TELEGRAM_API_URL). */
  telegramApiUrl: string;
};

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Whether a request comes from the site's own pages: browsers say so in `Sec-Fetch-Site`; older ones
 * send an `Origin` that must be this site's. Neither (a form on another site, curl) is refused.
 */
export function fromThisSite(request: FastifyRequest): boolean {
  const fetchSite = request.headers['sec-fetch-site'];
  if (fetchSite !== undefined) return fetchSite === 'same-origin';
  return request.headers.origin === `${request.protocol}://${request.host}`;
}

/**
 * Everything under `/owner/`: sign-in (password, passkey) and the password reset, then the inbox,
 * settings and the sign-in's own settings behind a session.
 * Every state-changing request must come from the site itself (403 otherwise); every route but
 * signing in, passkey challenges and the reset answers 401 without a valid session (docs/decisions/006).
 */
export const ownerRoutes: FastifyPluginAsync<OwnerRoutesOptions> = async (app, options) => {
  const { db } = options;
  const authContext = {
    db,
    notifications: options.notifications,
    onQueued: options.onQueued,
    siteOrigin: () => options.siteAddress.origin,
  };
  app.decorateRequest('ownerSession', undefined);

  // Every route here may answer what this scope's guards answer (a body that fails its schema, no
  // session, a state change from another site): documented once, with the tag, for every route that
  // documents its answers (not the CSV export).
  app.addHook('onRoute', (route) => {
    const { tags = [], response } = route.schema ?? {};
    route.schema = {
      ...route.schema,
      tags: ['owner', ...tags],
      ...(response ? { response: { ...ownerErrorResponses, ...(response as object) } } : {}),
    };
  });

  app.addHook('onRequest', async (request) => {
    if (!SAFE_METHODS.has(request.method) && !fromThisSite(request)) {
      throw new AppError(403, 'forbidden', 'Owner requests must come from the site itself');
    }
  });
  // Owner answers are private: no cache may keep them.
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  await app.register(sessionRoutes, authContext);
  await app.register(passwordResetRoutes, authContext);
  await app.register(ownerSetupRoutes, authContext);

  await app.register(async (signedIn) => {
    // onRequest, before the body is read: without a session nothing else is looked at.
    signedIn.addHook('onRequest', async (request) => {
      request.ownerSession = await sessionOf(db, request);
      if (request.ownerSession) return;
      if (!(await getPasswordHash(db))) {
        throw new AppError(401, 'owner_password_not_set', 'No owner password is set yet: run npm run owner:password');
      }
      throw new AppError(401, 'unauthorized', 'Sign in first');
    });
    await signedIn.register(sessionListRoutes, { db });
    await signedIn.register(accountSecurityRoutes, authContext);
    await signedIn.register(secondFactorRoutes, authContext);
    await signedIn.register(passkeyRoutes, authContext);
    await signedIn.register(messageRoutes, { db });
    await signedIn.register(notificationRoutes, options);
    await signedIn.register(statsRoutes, { db });
    await signedIn.register(statsNowRoutes, { db });
    await signedIn.register(statsExportRoutes, { db });
    await signedIn.register(statsShareRoutes, { db });
    await signedIn.register(weeklySummaryRoutes, { db, notifications: options.notifications });
    await signedIn.register(noticesRoutes, {
      db,
      notifications: options.notifications,
      publicUrl: () => options.siteAddress.configured,
      onQueued: options.onQueued,
    });
    await signedIn.register(emailSettingsRoutes, options);
    await signedIn.register(backupRoutes, { db });
    await signedIn.register(telegramSettingsRoutes, options);
    await signedIn.register(contentStoreRoutes, { db });
    await signedIn.register(contentTranslationRoutes, { db });
    await signedIn.register(entryRoutes, { db });
    await signedIn.register(pictureRoutes, { db, cacheDir: options.cacheDir });
    await signedIn.register(siteAddressRoutes, { siteAddress: options.siteAddress });
    await signedIn.register(setupChecklistRoutes, {
      db,
      siteAddress: options.siteAddress,
      notifications: options.notifications,
    });
  });
};
