import { z } from 'zod';
import { successResponseSchema } from './api.js';

/**
 * The set-up checklist on the owner's home (issue 28, item 2): each step the site needs before it is
 * ready, in the order the owner is asked to take them (docs/decisions/033).
 */
export const SETUP_CHECKLIST_ITEMS = [
  'password',
  'site_address',
  'notifications',
  'test_message',
  'second_factor',
  'content_reviewed',
] as const;
export type SetupChecklistItem = (typeof SETUP_CHECKLIST_ITEMS)[number];

const setupChecklistSchema = z.object({
  items: z.array(z.object({ id: z.enum(SETUP_CHECKLIST_ITEMS), done: z.boolean() })),
  hidden: z.boolean().describe('true once the owner hid the finished list: it is not shown again'),
});
export type SetupChecklist = z.infer<typeof setupChecklistSchema>;
export const setupChecklistResponseSchema = successResponseSchema(setupChecklistSchema);
