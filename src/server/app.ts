import { randomBytes } from 'node:crypto';
import type { Server } from 'node:http';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifySwagger from '@fastify/swagger';
import Fastify, { type FastifyHttpOptions, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { PageRenderer, ServerEntry } from '../shared/page-rendering.js';
import { API_PREFIX } from '../shared/schemas/api.js';
import type { SiteContent } from '../shared/schemas/content.js';
import { entryPageCheck } from './collections/outbound-links.js';
import type { Config } from './config.js';
import { ContentState } from './content/content-state.js';
import type { Db } from './db/database.js';
import { registerErrorHandler } from './errors.js';
import { contentFolderWatchJob } from './jobs/content-folder-watch-job.js';
import { contentHistoryJob } from './jobs/content-history-job.js';
import { contentRefreshJob } from './jobs/content-refresh-job.js';
import { databaseBackupJob } from './jobs/database-backup-job.js';
import { inboxHousekeepingJob } from './jobs/inbox-housekeeping-job.js';
import { messageDigestJob } from './jobs/message-digest-job.js';
import { rateLimitPurgeJob } from './jobs/rate-limit-purge-job.js';
import { JobScheduler } from './jobs/scheduler.js';
import { siteAddressRefreshJob } from './jobs/site-address-refresh-job.js';
import { statisticsHousekeepingJob } from './jobs/statistics-housekeeping-job.js';
import { telegramLinkJob } from './jobs/telegram-link-job.js';
import { weeklySummaryJob } from './jobs/weekly-summary-job.js';
import { OutboxWorker } from './outbox/outbox-worker.js';
import { type SmtpTlsOptions, storedEmailChannel } from './outbox/stored-email.js';
import { storedTelegramChannel } from './outbox/stored-telegram.js';
import { activeChannels } from './repositories/email-settings-repository.js';
import { noticeLocale } from './repositories/owner-settings-repository.js';
import { contactRoutes } from './routes/contact/index.js';
import { cvRoutes } from './routes/cv/index.js';
import { entriesRoutes } from './routes/entries/index.js';
import { healthRoutes } from './routes/health/index.js';
import { ownerRoutes } from './routes/owner/index.js';
import { pagesRoutes } from './routes/pages/index.js';
import { sharedStatsRoutes } from './routes/shared/shared-stats.js';
import { visitorRoutes } from './routes/visitor/index.js';
import { privateLogger } from './security/log-privacy.js';
import { createSecretBox, type SecretBox } from './security/secret-box.js';
import { securityHeaders } from './security/security-headers.js';
import { applyConnectionCap, SERVER_LIMITS, type ServerLimits, serverLimitOptions } from './security/server-limits.js';
import { SiteAddress } from './site-address/site-address.js';
import { webApp } from './web-app/web-app.js';

export interface AppOptions {
  config: Pick<
    Config,
    'contentDir' | 'webRoot' | 'cacheDir' | 'trustProxy' | 'contactRateLimit' | 'visitorRateLimit' | 'notifications'
  > &
    Partial<Pick<Config, 'countryHeader'>> &
    Partial<
      Pick<
        Config,
        | 'statsRetentionMonths'
        | 'contentHistoryDays'
        | 'publicUrl'
        | 'siteOrigin'
        | 'serveSourceMaps'
        | 'contentWatch'
        | 'telegramApiUrl'
        | 'pageCacheSeconds'
      >
    >;
  db: Db;
  /** The content to serve: a state that publishing swaps (`main.ts`), or fixed content (tests). */
  content: SiteContent | ContentState;
  logger?: FastifyServerOptions['logger'];
  /** Fastify's request lines; in a terminal one line per request (`log-format.ts`). */
  logController?: FastifyServerOptions['logController'];
  /** Timeouts and the connection cap; tests shorten them. */
  serverLimits?: Partial<ServerLimits>;
  /**
   * Renders pages; by default the built server bundle (dist/ssr) is loaded. Tests pass a renderer, or
   * the bundle's source (a ServerEntry) to have one made per version as the built one is.
   */
  pageRenderer?: PageRenderer | ServerEntry;
  /** Seals the secrets typed in Settings (`main.ts` loads its key); without one, a key for this process alone (tests). */
  secretBox?: SecretBox;
  /** Extra TLS options for SMTP set up in Settings: tests trust their self-signed certificate; never from the owner. */
  smtpTls?: SmtpTlsOptions;
  /** Whether the database is backed up on the owner's schedule; main.ts says yes, tests that build an app do not. */
  scheduledBackups?: boolean;
}

/** The largest request body accepted (a contact message is at most ~20 KB of UTF-8). */
export const BODY_LIMIT_BYTES = 32 * 1024;

declare module 'fastify' {
  interface FastifyInstance {
    /** Delivers notifications; `main.ts` starts it, tests may run it by hand. Stopped when the app closes. */
    outbox: OutboxWorker;
    /** The background jobs; started when the app is ready, stopped (runs in progress awaited) when it closes. */
    jobs: JobScheduler;
    /** The content served now; publishing a version swaps it. */
    contentState: ContentState;
    /** The site's address (PUBLIC_URL, the owner's setting, or the fixed local one), read again every second. */
    siteAddress: SiteAddress;
  }
}

/** Builds the whole application — API, OpenAPI document and web app — without listening. */
export async function buildApp({
  config,
  db,
  content: loadedContent,
  logger = false,
  logController,
  serverLimits,
  pageRenderer,
  secretBox = createSecretBox(randomBytes(32)),
  smtpTls,
  scheduledBackups = false,
}: AppOptions): Promise<FastifyInstance> {
  const content = loadedContent instanceof ContentState ? loadedContent : new ContentState(loadedContent);
  const { trustProxy } = config;
  const limits = { ...SERVER_LIMITS, ...serverLimits };
  const options: FastifyHttpOptions<Server> = {
    logger: privateLogger(logger),
    logController,
    ...serverLimitOptions(limits),
    // A number means "trust that many proxy hops", which Fastify's types only accept as a function.
    trustProxy: typeof trustProxy === 'number' ? (_address: string, hop: number) => hop < trustProxy : trustProxy,
    bodyLimit: BODY_LIMIT_BYTES,
    return503OnClosing: true,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
  };
  const app = Fastify(options);
  applyConnectionCap(app, limits);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // The API speaks JSON only; a text body is refused with 415 instead of reaching a schema.
  app.removeContentTypeParser('text/plain');
  registerErrorHandler(app);
  // The site's address: PUBLIC_URL, else the owner's setting, else the fixed local one (decision 033).
  const siteAddress = new SiteAddress(db, {
    environment: config.publicUrl,
    fallback: config.siteOrigin ?? config.publicUrl ?? 'http://localhost',
  });
  // A database that does not answer yet must not stop the app from being built: the health check then
  // says 503, and the refresh job reads the address again each second.
  await siteAddress.refresh().catch(() => undefined);
  const siteOrigin = () => siteAddress.origin;
  const telegramApiUrl = config.telegramApiUrl ?? 'https://api.telegram.org';
  const outbox = new OutboxWorker(db, config.notifications, app.log.child({ component: 'outbox' }), {
    email: storedEmailChannel(db, secretBox, smtpTls),
    telegram: storedTelegramChannel(db, secretBox, telegramApiUrl),
  });
  app.decorate('outbox', outbox);
  app.addHook('onClose', async () => outbox.stop());

  await app.register(securityHeaders);
  await app.register(fastifyCompress, { threshold: 1024 });
  // Every cookie the server reads (`request.cookies`) or sets (`reply.setCookie`) goes through here.
  await app.register(fastifyCookie);

  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Sahifa API', version: '1.0.0', description: 'The API of a Sahifa portfolio site.' },
      servers: [{ url: '/' }],
    },
    transform: jsonSchemaTransform,
  });

  // Every piece of background work, in one place; each job is named in its log lines.
  const jobs = new JobScheduler(app.log.child({ component: 'jobs' }))
    .add(statisticsHousekeepingJob(db, { retentionMonths: config.statsRetentionMonths }))
    .add(
      weeklySummaryJob(db, {
        notifications: config.notifications,
        publicUrl: () => siteAddress.configured,
        onQueued: () => outbox.kick(),
      }),
    )
    .add(
      messageDigestJob(db, {
        notifications: config.notifications,
        publicUrl: () => siteAddress.configured,
        onQueued: () => outbox.kick(),
      }),
    )
    .add(inboxHousekeepingJob(db))
    .add(rateLimitPurgeJob(db))
    .add(contentHistoryJob(db, { keepDays: config.contentHistoryDays }))
    .add(contentRefreshJob(content, db))
    .add(siteAddressRefreshJob(siteAddress))
    .add(
      telegramLinkJob(db, {
        secretBox,
        apiUrl: telegramApiUrl,
        locale: () => noticeLocale(db, config.notifications),
      }),
    );
  // Off unless asked: main.ts asks by default (CONTENT_WATCH), tests that build an app from a fixture do not.
  if (config.contentWatch) jobs.add(contentFolderWatchJob(content, db, { contentDir: config.contentDir }));
  // Likewise the scheduled backups (docs/decisions/036-backups.md): main.ts turns them on.
  if (scheduledBackups) jobs.add(databaseBackupJob(db));
  app.decorate('jobs', jobs);
  app.decorate('contentState', content);
  app.decorate('siteAddress', siteAddress);
  app.addHook('onReady', async () => jobs.start());
  app.addHook('onClose', async () => jobs.stop());
  await app.register(
    async (api) => {
      await api.register(pagesRoutes, { content });
      await api.register(entriesRoutes, { content });
      await api.register(healthRoutes, { db });
      await api.register(visitorRoutes, {
        db,
        rateLimit: config.visitorRateLimit,
        content,
        countryHeader: config.countryHeader,
      });
      await api.register(contactRoutes, {
        db,
        rateLimit: config.contactRateLimit,
        channels: () => activeChannels(db, config.notifications),
        onStored: () => outbox.kick(),
        isEntryPage: entryPageCheck(content),
      });
      await api.register(sharedStatsRoutes, { db });
      await api.register(ownerRoutes, {
        db,
        notifications: config.notifications,
        onQueued: () => outbox.kick(),
        secretBox,
        smtpTls,
        telegramApiUrl,
        siteAddress,
        cacheDir: config.cacheDir,
      });
      api.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
    },
    { prefix: API_PREFIX },
  );

  await app.register(cvRoutes, { db, content, siteOrigin });
  await app.register(webApp, {
    db,
    webRoot: config.webRoot,
    contentDir: config.contentDir,
    cacheDir: config.cacheDir,
    content,
    siteOrigin,
    serveSourceMaps: config.serveSourceMaps ?? false,
    renderer: pageRenderer,
    pageCacheSeconds: config.pageCacheSeconds ?? 0,
  });
  return app;
}
