import { z } from 'zod';
import { DEVICES } from '../device.js';
import { VISITOR_KEY_HEADER } from '../http.js';
import { LOCALES } from '../locales.js';
import { MAX_SENT_CAMPAIGN_LENGTH } from '../statistics.js';
import { THEMES } from '../theme.js';

export { VISITOR_KEY_HEADER } from '../http.js';

export const deviceParamsSchema = z.object({
  device: z.enum(DEVICES, { error: 'device must be "mobile" or "web"' }),
});

/** Visitor tokens are 32 random bytes in base64url (43 characters). */
export const visitorKeySchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{43}$/, { error: 'X-Visitor-Key is not a visitor key' });

export const visitorHeadersSchema = z.object({
  [VISITOR_KEY_HEADER]: z.string().max(200).optional(),
});

const campaignValue = z.string().max(MAX_SENT_CAMPAIGN_LENGTH).optional();

const visitDetails = {
  path: z.string().startsWith('/').max(300).optional(),
  locale: z.enum(LOCALES).optional(),
  theme: z.enum(THEMES).optional(),
  referrer: z.union([z.literal(''), z.url({ protocol: /^https?$/ }).max(500)]).optional(),
  // The landing address's campaign (utm_source or ref, utm_medium, utm_campaign), sent only with the
  // first page of a visit; cleaned and cut shorter before it is stored.
  source: campaignValue.describe('utm_source (or ref) of the landing address'),
  medium: campaignValue.describe('utm_medium of the landing address'),
  campaign: campaignValue.describe('utm_campaign of the landing address'),
};

/** Optional facts about one page view; every field is bounded so that nothing unbounded is stored. */
export const visitBodySchema = z
  .strictObject(visitDetails)
  // Fastify hands a request without a body over as null.
  .nullish();
export type VisitBody = z.infer<typeof visitBodySchema>;

/**
 * The same facts about a new visitor's first visit, as query parameters of the create call (a GET,
 * spec §7). Unknown parameters are ignored rather than refused, as a cache-busting one may appear.
 */
export const visitorCreateQuerySchema = z.object(visitDetails);
