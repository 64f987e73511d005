import { z } from 'zod';
import { DEVICES } from '../device.js';
import { successResponseSchema } from './api.js';

/**
 * Where a message's writer came from (issue 30, item 4; docs/decisions/039-campaigns-and-message-origin.md),
 * from the visits of the counted visitor who sent it. Never an address: only what the statistics keep.
 */
const messageOriginSchema = z.object({
  firstVisitAt: z.string().describe('The first of the writer’s visits still kept'),
  landingPage: z
    .string()
    .nullable()
    .describe('The page that first visit began on; (other) for a page that is not the site’s'),
  referrer: z
    .string()
    .nullable()
    .describe('The site that first visit came from, a well-known one by its name (X, Google); null: direct'),
  source: z.string().nullable().describe('utm_source (or ref) of that first visit’s address'),
  medium: z.string().nullable().describe('utm_medium of that first visit’s address'),
  campaign: z.string().nullable().describe('utm_campaign of that first visit’s address'),
  device: z.enum(DEVICES),
  visits: z.number().int().nonnegative().describe('The writer’s visits up to the message'),
  pagesRead: z
    .array(z.string().nullable())
    .describe('The pages the visits of the writer’s last sitting before writing began on, in order'),
  secondsBeforeWriting: z
    .number()
    .int()
    .nonnegative()
    .describe('From the start of that last sitting (visits at most 30 minutes apart) to the message'),
});
export type MessageOrigin = z.infer<typeof messageOriginSchema>;

export const messageOriginResponseSchema = successResponseSchema(
  z.object({
    origin: messageOriginSchema
      .nullable()
      .describe('null: the writer was not counted (a crawler, no JavaScript, the owner) or its visits have expired'),
  }),
);
