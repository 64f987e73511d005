import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  visitorCheckResponseSchema,
  visitorCreateResponseSchema,
  visitResponseSchema,
} from '../../../shared/schemas/api.js';
import {
  deviceParamsSchema,
  VISITOR_KEY_HEADER,
  visitBodySchema,
  visitorCreateQuerySchema,
  visitorHeadersSchema,
} from '../../../shared/schemas/visitor.js';
import { sessionOf } from '../../auth/current-session.js';
import { entryPagePaths } from '../../collections/entry-pages.js';
import type { ContentSnapshot, ContentState } from '../../content/content-state.js';
import type { Db } from '../../db/database.js';
import { AppError } from '../../errors.js';
import { perVersion } from '../../lib/per-version.js';
import { createRateLimit } from '../../rate-limit/rate-limit.js';
import {
  createVisitor,
  newVisitorToken,
  recordVisit,
  visitorIdFromKey,
} from '../../repositories/visitor-repository.js';
import { type CountryDatabase, sharedCountryDatabase, visitCountry } from '../../stats/country.js';
import { type OwnerCheck, visitorCallNotCountedReason } from '../../stats/not-counted.js';
import { errorResponses, ok } from '../responses.js';
import { goalRoutes } from './goal.js';
import { visitorPreferencesRoutes } from './preferences.js';

export interface VisitorRoutesOptions {
  db: Db;
  rateLimit: number;
  /** Whether the request carries the owner's session (by default, a live session cookie); the owner is not counted. */
  isOwner?: OwnerCheck;
  /** The content served: an entry's address counts as itself only while the site serves that entry. */
  content?: ContentState;
  /** COUNTRY_HEADER: a trusted proxy's header with the visitor's country; unset, the offline database is asked. */
  countryHeader?: string;
  /** The country database; by default the process's one, read on first use. */
  countryDatabase?: () => Promise<CountryDatabase>;
}

/**
 * Anonymous visitor statistics (spec §4 "Visitor", §7). The token grants nothing. Callers that are
 * not counted (crawlers, the owner, a browser switched off) get answers of the same shape, and
 * nothing is stored for them.
 */
export const visitorRoutes: FastifyPluginAsync<VisitorRoutesOptions> = async (
  app,
  {
    db,
    rateLimit,
    isOwner = async (request) => (await sessionOf(db, request)) !== undefined,
    content,
    countryHeader,
    countryDatabase = () => sharedCountryDatabase(app.log),
  },
) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const entryPathsOf = perVersion((snapshot: ContentSnapshot) => entryPagePaths(snapshot));
  const isEntryPage = (path: string) => (content ? entryPathsOf(content.current).has(path) : false);
  const errors = errorResponses(400, 404, 429);
  const perMinute = (name: string, points: number) => createRateLimit(db, { name, points, windowMs: 60_000 });
  // Only for a counted visit: the address is looked up here and dropped; the code alone goes on.
  const countryOf = (request: FastifyRequest) => visitCountry(request, { countryHeader, database: countryDatabase });

  api.get('/visitor/check', {
    preHandler: perMinute('visitor-check', rateLimit * 4),
    schema: {
      tags: ['visitor'],
      summary: 'Whether X-Visitor-Key names a known visitor',
      headers: visitorHeadersSchema,
      response: { 200: visitorCheckResponseSchema, ...errors },
    },
    handler: async (request) => {
      const visitorId = await visitorIdFromKey(db, request.headers[VISITOR_KEY_HEADER]);
      return ok({ new: visitorId === undefined });
    },
  });

  api.get('/visitor/create/:device', {
    preHandler: perMinute('visitor-create', rateLimit),
    schema: {
      tags: ['visitor'],
      summary: 'Create a visitor and record its first visit (page, language, theme and referrer in the query)',
      description:
        'Crawlers (by user agent), requests another site made (Sec-Fetch-Site: cross-site), the signed-in owner and browsers with the not_counted=1 cookie get a token that is stored nowhere, and nothing is recorded.',
      params: deviceParamsSchema,
      querystring: visitorCreateQuerySchema,
      response: { 200: visitorCreateResponseSchema, ...errors },
    },
    handler: async (request) => {
      if (await visitorCallNotCountedReason(request, isOwner)) {
        return ok({ token: newVisitorToken() });
      }
      const token = await createVisitor(db, request.params.device, new Date(), {
        ...request.query,
        siteHost: request.host,
        isEntryPage,
        country: await countryOf(request),
      });
      return ok({ token });
    },
  });

  api.post('/visitor/visit/:device', {
    preHandler: perMinute('visitor-visit', rateLimit * 4),
    schema: {
      tags: ['visitor'],
      summary: 'Record one visit of the visitor named by X-Visitor-Key',
      description: 'Answers recorded: false, and records nothing, for callers that are not counted.',
      params: deviceParamsSchema,
      headers: visitorHeadersSchema,
      body: visitBodySchema,
      response: { 200: visitResponseSchema, ...errors },
    },
    handler: async (request) => {
      const key = request.headers[VISITOR_KEY_HEADER];
      if (!key) throw new AppError(400, 'visitor_key_missing', 'The X-Visitor-Key header is required');
      if (await visitorCallNotCountedReason(request, isOwner)) {
        return ok({ recorded: false });
      }
      const visitorId = await visitorIdFromKey(db, key);
      if (!visitorId) throw new AppError(404, 'visitor_not_found', 'No visitor has this X-Visitor-Key');
      await recordVisit(db, visitorId, request.params.device, {
        ...request.body,
        siteHost: request.host,
        isEntryPage,
        country: await countryOf(request),
      });
      return ok({ recorded: true });
    },
  });

  await app.register(visitorPreferencesRoutes);
  await app.register(goalRoutes, {
    db,
    isOwner,
    content,
    isEntryPage,
    preHandler: perMinute('visitor-goal', rateLimit * 4),
  });
};
