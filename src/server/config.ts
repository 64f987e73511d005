import path from 'node:path';
import { z } from 'zod';
import { LOCALES } from '../shared/locales.js';
import type { NotificationChannel } from '../shared/schemas/owner.js';
import { TELEGRAM_BOT_TOKEN } from '../shared/schemas/telegram-settings.js';
import { parseSecretKey } from './security/secret-box.js';

/**
 * The server's whole configuration, read from the environment once at start-up (the only place that
 * reads `process.env`) and passed in from there. README.md lists every variable.
 */
const booleanOrHops = z
  .string()
  .trim()
  .transform((value, context) => {
    if (value === '' || value === 'false') return false;
    if (value === 'true') return true;
    if (/^\d+$/.test(value)) return Number(value);
    const addresses = value.split(',').map((address) => address.trim());
    if (addresses.every((address) => /^[0-9a-f.:/]+$/i.test(address))) return addresses;
    context.addIssue({
      code: 'custom',
      message: 'use false, true, a number of proxy hops, or comma-separated proxy addresses',
    });
    return z.NEVER;
  });

/** An unset variable and an empty one mean the same: "use the default". */
const optionalText = () =>
  z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    z.string().trim().optional(),
  );

const emailAddress = z.email({ error: 'must be an e-mail address such as site@example.com' });

/** The site's public origin, for canonical, sitemap and preview-image addresses (no path: the app lives at /). */
const publicOrigin = z
  .string()
  .trim()
  .transform((value, context) => {
    const url = URL.canParse(value) ? new URL(value) : undefined;
    const bare = url && !url.username && !url.password && url.pathname === '/' && !url.search && !url.hash;
    if (url && bare && (url.protocol === 'https:' || url.protocol === 'http:')) return url.origin;
    context.addIssue({ code: 'custom', message: "use the site's origin, like https://example.com (no path)" });
    return z.NEVER;
  });

const environmentSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  HOST: z.string().trim().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().trim().min(1).default('data'),
  DATABASE_URL: optionalText().pipe(
    z
      .string()
      .regex(/^postgres(?:ql)?:\/\//, 'must start with postgres:// (leave it unset for the embedded SQLite)')
      .optional(),
  ),
  CONTENT_DIR: z.string().trim().min(1).default('content'),
  WEB_ROOT: z.string().trim().min(1).default('dist/web'),
  TRUST_PROXY: booleanOrHops.default(false),
  // The header a trusted proxy names the visitor's country in (Cloudflare: cf-ipcountry); checkProxy.
  COUNTRY_HEADER: optionalText().pipe(
    z
      .string()
      .max(100)
      .regex(/^[A-Za-z0-9-]+$/, 'must be a header name such as cf-ipcountry (letters, digits and -)')
      .transform((name) => name.toLowerCase())
      .optional(),
  ),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOG_FORMAT: z.enum(['auto', 'pretty', 'json']).default('auto'),
  CONTACT_RATE_LIMIT: z.coerce
    .number()
    .int()
    .min(1)
    .max(1_000)
    .default(5)
    .describe('contact messages one client may send per window'),
  CONTACT_RATE_WINDOW_MINUTES: z.coerce.number().int().min(1).max(1_440).default(10),
  VISITOR_RATE_LIMIT: z.coerce.number().int().min(1).max(100_000).default(30),
  SMTP_URL: optionalText().pipe(
    z
      .url({
        protocol: /^smtps?$/,
        error: 'must look like smtp://user:password@host:587 or smtps://user:password@host:465',
      })
      .optional(),
  ),
  MAIL_FROM: optionalText().pipe(emailAddress.optional()),
  MAIL_TO: optionalText().pipe(emailAddress.optional()),
  TELEGRAM_BOT_TOKEN: optionalText().pipe(
    z.string().regex(TELEGRAM_BOT_TOKEN, 'must be the token @BotFather gave, like 123456789:AAE…').optional(),
  ),
  TELEGRAM_CHAT_ID: optionalText().pipe(
    z
      .string()
      .regex(/^(-?\d+|@[A-Za-z0-9_]{5,})$/, 'must be a numeric chat id (such as 123456789) or @channelname')
      .optional(),
  ),
  // The bot token travels in the address: plain HTTP only to a stand-in on this machine (tests).
  TELEGRAM_API_URL: optionalText().pipe(
    z
      .url({ protocol: /^https?$/ })
      .refine((url) => url.startsWith('https://') || isLoopback(new URL(url).hostname), {
        error: 'must be https:// (plain http:// only on this machine: localhost, 127.0.0.1, [::1])',
      })
      .default('https://api.telegram.org'),
  ),
  // Seals the secrets typed in the browser (security/secret-box.ts); unset, a key file in DATA_DIR is made.
  SECRET_KEY: optionalText().transform((value, context) => {
    if (value === undefined) return undefined;
    const key = parseSecretKey(value);
    if (key) return key;
    context.addIssue({
      code: 'custom',
      message: 'must be 32 bytes as base64 (openssl rand -base64 32) or as 64 hex characters',
    });
    return z.NEVER;
  }),
  // Unset, the owner chooses in Settings (decision 037); set, it wins and Settings shows it read-only.
  OWNER_LOCALE: optionalText().pipe(z.enum(LOCALES).optional()),
  OUTBOX_RETRY_SECONDS: z.coerce.number().int().min(1).max(3_600).default(15),
  STATS_RETENTION_MONTHS: z.coerce.number().int().min(1).max(120).default(13),
  CONTENT_HISTORY_DAYS: z.coerce.number().int().min(1).max(3_650).default(30),
  // How long a shared cache (a CDN, nginx's proxy_cache) may keep a first visit's page; 0: never.
  PAGE_CACHE_SECONDS: z.coerce.number().int().min(0).max(86_400).default(300),
  PUBLIC_URL: optionalText().pipe(publicOrigin.optional()),
  SERVE_SOURCE_MAPS: z.enum(['true', 'false']).default('false'),
  CONTENT_WATCH: z.enum(['true', 'false']).default('true'),
});

/** Both or neither: a half-configured channel is a mistake the owner should hear of at start-up. */
function checkChannels(env: z.output<typeof environmentSchema>, context: z.RefinementCtx) {
  const mail = { SMTP_URL: env.SMTP_URL, MAIL_FROM: env.MAIL_FROM, MAIL_TO: env.MAIL_TO };
  const mailSet = Object.entries(mail).filter(([, value]) => value !== undefined);
  if (mailSet.length > 0 && mailSet.length < 3) {
    for (const [name, value] of Object.entries(mail)) {
      if (value === undefined)
        context.addIssue({
          code: 'custom',
          path: [name],
          message: 'e-mail needs SMTP_URL, MAIL_FROM and MAIL_TO together',
        });
    }
  }
  if ((env.TELEGRAM_BOT_TOKEN === undefined) !== (env.TELEGRAM_CHAT_ID === undefined)) {
    const missing = env.TELEGRAM_BOT_TOKEN === undefined ? 'TELEGRAM_BOT_TOKEN' : 'TELEGRAM_CHAT_ID';
    context.addIssue({
      code: 'custom',
      path: [missing],
      message: 'Telegram needs TELEGRAM_BOT_TOKEN and TELEGRAM_CHAT_ID together',
    });
  }
}

/** A country header is only believed from a proxy the server trusts; without one anyone could send it. */
function checkProxy(env: z.output<typeof environmentSchema>, context: z.RefinementCtx) {
  if (env.COUNTRY_HEADER !== undefined && env.TRUST_PROXY === false) {
    context.addIssue({
      code: 'custom',
      path: ['COUNTRY_HEADER'],
      message: 'is only read from a trusted proxy: set TRUST_PROXY too (or leave COUNTRY_HEADER unset)',
    });
  }
}

/** The settings that must agree with each other. */
function checkTogether(env: z.output<typeof environmentSchema>, context: z.RefinementCtx) {
  checkChannels(env, context);
  checkProxy(env, context);
}

function isLoopback(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '[::1]' || /^127(\.\d{1,3}){3}$/.test(hostname);
}

function configSchema(cwd: string) {
  return environmentSchema.superRefine(checkTogether).transform((env) => ({
    port: env.PORT,
    host: env.HOST,
    /**
     * The origin of absolute addresses in pages (canonical, sitemap, preview pictures): PUBLIC_URL, or
     * without it a fixed local one, never a client's Host header. main.ts warns when PUBLIC_URL is unset.
     */
    siteOrigin: env.PUBLIC_URL ?? `http://localhost:${env.PORT}`,
    database: env.DATABASE_URL
      ? ({ dialect: 'postgres', url: env.DATABASE_URL } as const)
      : ({ dialect: 'sqlite', file: path.resolve(cwd, env.DATA_DIR, 'sahifa.sqlite') } as const),
    contentDir: path.resolve(cwd, env.CONTENT_DIR),
    /** Whether a change in CONTENT_DIR while the site runs is published as a new version (`CONTENT_WATCH`). */
    contentWatch: env.CONTENT_WATCH === 'true',
    webRoot: path.resolve(cwd, env.WEB_ROOT),
    /** The key that seals stored secrets: SECRET_KEY, else the file `DATA_DIR/secret.key` (made on first start). */
    secretKey: { fromEnvironment: env.SECRET_KEY, file: path.resolve(cwd, env.DATA_DIR, 'secret.key') },
    /** Resized pictures are kept here (inside DATA_DIR, also when the database is PostgreSQL). */
    cacheDir: path.resolve(cwd, env.DATA_DIR, 'cache'),
    trustProxy: env.TRUST_PROXY,
    /** The header, lower case, a trusted proxy names a visit's country in; unset: the offline database (decision 042). */
    countryHeader: env.COUNTRY_HEADER,
    logLevel: env.LOG_LEVEL,
    /** Readable lines (`pretty`) or JSON; `auto` is readable in a terminal only (`log-format.ts`). */
    logFormat: env.LOG_FORMAT,
    contactRateLimit: { max: env.CONTACT_RATE_LIMIT, windowMinutes: env.CONTACT_RATE_WINDOW_MINUTES },
    /** New visitors one client may create per minute; it may record four times as many visits. */
    visitorRateLimit: env.VISITOR_RATE_LIMIT,
    /** Months raw visits are kept; their daily aggregates are kept after that. */
    statsRetentionMonths: env.STATS_RETENTION_MONTHS,
    /** Days every published version is kept; older ones are thinned to one a day (content-history-job.ts). */
    contentHistoryDays: env.CONTENT_HISTORY_DAYS,
    /** `s-maxage` of a page asked for without the site's cookies (decision 040); 0 keeps every page `no-cache`. */
    pageCacheSeconds: env.PAGE_CACHE_SECONDS,
    notifications: {
      email:
        env.SMTP_URL && env.MAIL_FROM && env.MAIL_TO
          ? { smtpUrl: env.SMTP_URL, from: env.MAIL_FROM, to: env.MAIL_TO }
          : undefined,
      telegram:
        env.TELEGRAM_BOT_TOKEN && env.TELEGRAM_CHAT_ID
          ? { botToken: env.TELEGRAM_BOT_TOKEN, chatId: env.TELEGRAM_CHAT_ID, apiUrl: env.TELEGRAM_API_URL }
          : undefined,
      /**
       * The language of e-mails and Telegram messages to the owner when OWNER_LOCALE gives one; then it
       * wins over the choice in Settings. Absent when not given (owner-settings-repository.ts).
       */
      ...(env.OWNER_LOCALE === undefined ? {} : { locale: env.OWNER_LOCALE }),
      /** The first retry after a failed delivery; each later one waits twice as long, up to an hour. */
      retrySeconds: env.OUTBOX_RETRY_SECONDS,
    },
    /** Where Telegram's Bot API answers, also for a bot connected in Settings (tests use a local stand-in). */
    telegramApiUrl: env.TELEGRAM_API_URL,
    /** The public origin (`https://example.com`); without it absolute addresses use `siteOrigin`'s fixed local one. */
    publicUrl: env.PUBLIC_URL,
    /** Source maps are always built, and served only when asked. */
    serveSourceMaps: env.SERVE_SOURCE_MAPS === 'true',
  }));
}

/** The server's whole configuration, typed from the schema that reads it. */
export type Config = z.output<ReturnType<typeof configSchema>>;
export type DatabaseConfig = Config['database'];
export type NotificationSettings = Config['notifications'];

/** The notification channels the configuration turns on, by name. */
export function configuredChannels(settings: NotificationSettings): NotificationChannel[] {
  return (['email', 'telegram'] as const).filter((channel) => settings[channel] !== undefined);
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

export function loadConfig(environment: NodeJS.ProcessEnv, cwd = process.cwd()): Config {
  const parsed = configSchema(cwd).safeParse(environment);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration — ${problems.join('; ')}`);
  }
  return parsed.data;
}
