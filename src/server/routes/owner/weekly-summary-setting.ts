import type { FastifyPluginAsync } from 'fastify';
import { weeklySummaryBodySchema, weeklySummaryResponseSchema } from '../../../shared/schemas/stats.js';
import type { NotificationSettings } from '../../config.js';
import type { Db } from '../../db/database.js';
import { AppError } from '../../errors.js';
import { activeChannels } from '../../repositories/email-settings-repository.js';
import {
  lastSummaryWeek,
  setWeeklySummaryEnabled,
  setWeeklySummaryTime,
  weeklySummaryEnabled,
  weeklySummaryTime,
} from '../../repositories/owner-settings-repository.js';
import { settingRoutes } from './setting-routes.js';

/**
 * The weekly summary's opt-in and its day and hour (UTC), inside the owner scope (401 without a
 * session, 403 from another site). It goes by e-mail only, so it cannot be turned on while e-mail is
 * not set up. The other notices' choices are in notices.ts; the Settings card shows both.
 */
export const weeklySummaryRoutes: FastifyPluginAsync<{ db: Db; notifications: NotificationSettings }> = async (
  app,
  { db, notifications },
) => {
  // E-mail may be set up in Settings while the site runs: asked each time.
  const emailConfigured = async () => (await activeChannels(db, notifications)).includes('email');
  const current = async () => ({
    enabled: await weeklySummaryEnabled(db),
    ...(await weeklySummaryTime(db)),
    emailConfigured: await emailConfigured(),
    lastWeek: (await lastSummaryWeek(db)) ?? null,
  });

  settingRoutes(app, {
    path: '/owner/weekly-summary',
    response: weeklySummaryResponseSchema,
    current,
    get: { summary: 'Whether the weekly summary e-mail is on' },
    put: {
      summary: 'Turn the weekly summary e-mail on or off, and choose its day and hour (UTC)',
      description: 'Turning it on needs e-mail (SMTP_URL, MAIL_FROM, MAIL_TO): without it the answer is 409.',
      body: weeklySummaryBodySchema,
      errors: [409],
      save: async ({ enabled, day, hour }) => {
        if (enabled && !(await emailConfigured())) {
          throw new AppError(409, 'channel_not_configured', 'The weekly summary needs e-mail, which is not configured');
        }
        if (day !== undefined || hour !== undefined) {
          await setWeeklySummaryTime(db, {
            ...(await weeklySummaryTime(db)),
            ...(day === undefined ? {} : { day }),
            ...(hour === undefined ? {} : { hour }),
          });
        }
        await setWeeklySummaryEnabled(db, enabled);
      },
    },
  });
};
