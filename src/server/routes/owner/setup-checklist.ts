import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  SETUP_CHECKLIST_ITEMS,
  type SetupChecklist,
  type SetupChecklistItem,
  setupChecklistResponseSchema,
} from '../../../shared/schemas/setup-checklist.js';
import type { NotificationSettings } from '../../config.js';
import type { Db } from '../../db/database.js';
import { AppError } from '../../errors.js';
import { activeChannels } from '../../repositories/email-settings-repository.js';
import {
  contentReviewed,
  hideSetupChecklist,
  markContentReviewed,
  notificationDelivered,
  secondFactorSetUp,
  setupChecklistHidden,
} from '../../repositories/setup-checklist-repository.js';
import type { SiteAddress } from '../../site-address/site-address.js';
import { errorResponses, ok } from '../responses.js';

export interface SetupChecklistOptions {
  db: Db;
  siteAddress: SiteAddress;
  notifications: NotificationSettings;
}

/**
 * The owner home's set-up checklist (issue 28, item 2), inside the owner scope: one answer with every
 * step's state, "mark as reviewed" for the content, and hiding the list once every step is done.
 */
export const setupChecklistRoutes: FastifyPluginAsync<SetupChecklistOptions> = async (
  app,
  { db, siteAddress, notifications },
) => {
  const api = app.withTypeProvider<ZodTypeProvider>();

  async function checklist(): Promise<SetupChecklist> {
    const [channelSetUp, testMessage, secondFactor, content, hidden] = await Promise.all([
      // The same function that decides for the whole server which channels announce messages.
      activeChannels(db, notifications).then((channels) => channels.length > 0),
      notificationDelivered(db),
      secondFactorSetUp(db),
      contentReviewed(db),
      setupChecklistHidden(db),
    ]);
    const done: Record<SetupChecklistItem, boolean> = {
      // The owner is signed in, so a password exists.
      password: true,
      site_address: siteAddress.configured !== undefined,
      notifications: channelSetUp,
      test_message: testMessage,
      second_factor: secondFactor,
      content_reviewed: content,
    };
    return { items: SETUP_CHECKLIST_ITEMS.map((id) => ({ id, done: done[id] })), hidden };
  }

  api.get('/owner/setup-checklist', {
    schema: {
      summary: 'The set-up checklist: each step and whether it is done',
      response: { 200: setupChecklistResponseSchema },
    },
    handler: async () => ok(await checklist()),
  });

  api.post('/owner/setup-checklist/content-reviewed', {
    schema: {
      summary: "Mark the site's content as reviewed (publishing from the studio does it too)",
      response: { 200: setupChecklistResponseSchema },
    },
    handler: async () => {
      await markContentReviewed(db);
      return ok(await checklist(), 'Marked');
    },
  });

  api.post('/owner/setup-checklist/hide', {
    schema: {
      summary: 'Hide the finished checklist for good',
      description: 'Only once every step is done: before that the answer is 409.',
      response: { 200: setupChecklistResponseSchema, ...errorResponses(409) },
    },
    handler: async () => {
      const current = await checklist();
      if (current.items.some((item) => !item.done)) {
        throw new AppError(409, 'bad_request', 'The checklist is hidden once every step is done');
      }
      await hideSetupChecklist(db);
      return ok({ ...current, hidden: true }, 'Hidden');
    },
  });
};
