import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { visitResponseSchema } from '../../../shared/schemas/api.js';
import { goalBeaconSchema } from '../../../shared/schemas/goals.js';
import { outboundLinks } from '../../collections/outbound-links.js';
import type { ContentSnapshot, ContentState } from '../../content/content-state.js';
import type { Db } from '../../db/database.js';
import { perVersion } from '../../lib/per-version.js';
import { latestVisitOf, recordGoal } from '../../repositories/goal-repository.js';
import { visitorIdFromKey } from '../../repositories/visitor-repository.js';
import { normalLink } from '../../stats/goals.js';
import { type OwnerCheck, visitorCallNotCountedReason } from '../../stats/not-counted.js';
import { countedPath } from '../../stats/visit-values.js';
import { errorResponses, ok } from '../responses.js';

export interface GoalRoutesOptions {
  db: Db;
  isOwner: OwnerCheck;
  content?: ContentState;
  isEntryPage: (path: string) => boolean;
  preHandler: import('fastify').preHandlerAsyncHookHandler;
}

/**
 * `POST /visitor/goal`: an outbound click, sent by the page with navigator.sendBeacon (decision 041).
 * It counts once per visit and link, and only for a link the published content shows; anything else,
 * and any caller the statistics do not count, records nothing and hears `recorded: false`.
 */
export const goalRoutes: FastifyPluginAsync<GoalRoutesOptions> = async (
  app,
  { db, isOwner, content, isEntryPage, preHandler },
) => {
  const linksOf = perVersion((snapshot: ContentSnapshot) => outboundLinks(snapshot));
  app.withTypeProvider<ZodTypeProvider>().post('/visitor/goal', {
    preHandler,
    schema: {
      tags: ['visitor'],
      summary: 'Count a click on one of the site’s outbound links (sent with navigator.sendBeacon)',
      description:
        'The visitor key is in the body, as a beacon cannot set headers. Counted once per visit and link; a link the site does not show, an unknown key, a crawler, the owner and a switched-off browser record nothing (recorded: false).',
      body: goalBeaconSchema,
      response: { 200: visitResponseSchema, ...errorResponses(400, 429) },
    },
    handler: async (request) => {
      const { key, link, page, locale } = request.body;
      const target = normalLink(link);
      if (!target || !content || !linksOf(content.current).has(target)) return ok({ recorded: false });
      if (await visitorCallNotCountedReason(request, isOwner)) return ok({ recorded: false });
      const visitorId = await visitorIdFromKey(db, key);
      if (!visitorId) return ok({ recorded: false });
      const visit = await latestVisitOf(db, visitorId);
      const recorded = await recordGoal(db, {
        goal: 'outbound',
        visitorId,
        visitId: visit?.id ?? null,
        locale: locale ?? visit?.locale ?? null,
        page: countedPath(page, isEntryPage),
        target,
      });
      return ok({ recorded });
    },
  });
};
