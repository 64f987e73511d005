import path from 'node:path';
import { z } from 'zod';

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

const environmentSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  HOST: z.string().trim().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().trim().min(1).default('data'),
  DATABASE_URL: z
    .string()
    .trim()
    .regex(/^postgres(?:ql)?:\/\//, 'must start with postgres:// (leave it unset for the embedded SQLite)')
    .optional(),
  CONTENT_DIR: z.string().trim().min(1).default('content'),
  WEB_ROOT: z.string().trim().min(1).default('dist/web'),
  TRUST_PROXY: booleanOrHops.default(false),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  CONTACT_RATE_LIMIT: z.coerce
    .number()
    .int()
    .min(1)
    .max(1_000)
    .default(5)
    .describe('contact messages one client may send per window'),
  CONTACT_RATE_WINDOW_MINUTES: z.coerce.number().int().min(1).max(1_440).default(10),
  VISITOR_RATE_LIMIT: z.coerce.number().int().min(1).max(100_000).default(30),
});

export type Database = { dialect: 'sqlite'; file: string } | { dialect: 'postgres'; url: string };

export interface Config {
  port: number;
  host: string;
  database: Database;
  contentDir: string;
  webRoot: string;
  /** Resized pictures are kept here (inside DATA_DIR, also when the database is PostgreSQL). */
  cacheDir: string;
  trustProxy: boolean | number | string[];
  logLevel: z.infer<typeof environmentSchema>['LOG_LEVEL'];
  contactRateLimit: { max: number; windowMinutes: number };
  /** New visitors one client may create per minute; it may record four times as many visits. */
  visitorRateLimit: number;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

export function loadConfig(environment: NodeJS.ProcessEnv, cwd = process.cwd()): Config {
  const parsed = environmentSchema.safeParse(environment);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration — ${problems.join('; ')}`);
  }
  const env = parsed.data;
  return {
    port: env.PORT,
    host: env.HOST,
    database: env.DATABASE_URL
      ? { dialect: 'postgres', url: env.DATABASE_URL }
      : { dialect: 'sqlite', file: path.resolve(cwd, env.DATA_DIR, 'sahifa.sqlite') },
    contentDir: path.resolve(cwd, env.CONTENT_DIR),
    webRoot: path.resolve(cwd, env.WEB_ROOT),
    cacheDir: path.resolve(cwd, env.DATA_DIR, 'cache'),
    trustProxy: env.TRUST_PROXY,
    logLevel: env.LOG_LEVEL,
    contactRateLimit: { max: env.CONTACT_RATE_LIMIT, windowMinutes: env.CONTACT_RATE_WINDOW_MINUTES },
    visitorRateLimit: env.VISITOR_RATE_LIMIT,
  };
}
