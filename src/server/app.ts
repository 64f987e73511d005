import fastifyCompress from '@fastify/compress';
import fastifyHelmet from '@fastify/helmet';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifySwagger from '@fastify/swagger';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { API_PREFIX } from '../shared/schemas/api.js';
import type { SiteContent } from '../shared/schemas/content.js';
import type { Config } from './config.js';
import type { Db } from './db/database.js';
import { AppError, registerErrorHandler } from './errors.js';
import { webApp } from './plugins/web-app.js';
import { contactRoutes } from './routes/contact/index.js';
import { pagesRoutes } from './routes/pages/index.js';
import { visitorRoutes } from './routes/visitor/index.js';

export interface AppOptions {
  config: Pick<Config, 'contentDir' | 'webRoot' | 'cacheDir' | 'trustProxy' | 'contactRateLimit' | 'visitorRateLimit'>;
  db: Db;
  content: SiteContent;
  logger?: FastifyServerOptions['logger'];
}

/** The largest request body accepted (a contact message is at most ~20 KB of UTF-8). */
export const BODY_LIMIT_BYTES = 32 * 1024;

/** Builds the whole application — API, OpenAPI document and web app — without listening. */
export async function buildApp({ config, db, content, logger = false }: AppOptions): Promise<FastifyInstance> {
  const { trustProxy } = config;
  const options: FastifyServerOptions = {
    logger,
    // A number means "trust that many proxy hops", which Fastify's types only accept as a function.
    trustProxy: typeof trustProxy === 'number' ? (_address: string, hop: number) => hop < trustProxy : trustProxy,
    bodyLimit: BODY_LIMIT_BYTES,
    return503OnClosing: true,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
  };
  const app = Fastify(options);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // The API speaks JSON only; a text body is refused with 415 instead of reaching a schema.
  app.removeContentTypeParser('text/plain');
  registerErrorHandler(app);

  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'"],
        imgSrc: ["'self'"],
        fontSrc: ["'self'"],
        connectSrc: ["'self'"],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
  });
  await app.register(fastifyCompress, { threshold: 1024 });
  await app.register(fastifyRateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) =>
      new AppError(429, 'rate_limited', `Too many requests; try again in ${Math.ceil(context.ttl / 1000)} s`),
  });

  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Sahifa API', version: '1.0.0', description: 'The API of a Sahifa portfolio site.' },
      servers: [{ url: '/' }],
    },
    transform: jsonSchemaTransform,
  });

  await app.register(
    async (api) => {
      await api.register(pagesRoutes, { content });
      await api.register(visitorRoutes, { db, rateLimit: config.visitorRateLimit });
      await api.register(contactRoutes, { db, rateLimit: config.contactRateLimit });
      api.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
    },
    { prefix: API_PREFIX },
  );

  await app.register(webApp, {
    webRoot: config.webRoot,
    contentDir: config.contentDir,
    cacheDir: config.cacheDir,
    content,
  });
  return app;
}
