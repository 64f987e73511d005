import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { LOCALE_COOKIE } from '../../../shared/locales.js';
import {
  visitorPreferencesResponseSchema,
  visitorPreferencesSchema,
} from '../../../shared/schemas/visitor-preferences.js';
import { THEME_COOKIE, THEME_COOKIE_MAX_AGE_SECONDS } from '../../../shared/theme.js';
import { AppError } from '../../errors.js';
import { fromThisSite } from '../owner/index.js';
import { errorResponses, ok } from '../responses.js';

/**
 * Spec §4 and §9: `theme` and `locale` are kept 1000 days on path /. Not HttpOnly: the page reads the
 * theme before it paints a page drawn in the browser, and writes both itself when this request fails,
 * which it could not do over an HttpOnly cookie of the same name.
 */
function setPreferenceCookie(request: FastifyRequest, reply: FastifyReply, name: string, value: string): void {
  reply.setCookie(name, value, {
    path: '/',
    maxAge: THEME_COOKIE_MAX_AGE_SECONDS,
    sameSite: 'lax',
    secure: request.protocol === 'https',
  });
}

/**
 * The theme and language switches tell the server, which answers with the cookies: Safari keeps a
 * cookie written by a page script (`document.cookie`) at most 7 days, one set by the server as long
 * as it says (docs/decisions/004-theme-and-first-paint.md). Nothing is stored on the server.
 */
export const visitorPreferencesRoutes: FastifyPluginAsync = async (app) => {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.put('/visitor/preferences', {
    schema: {
      tags: ['visitor'],
      summary: 'Keep the theme and language choices in long-lived cookies (theme, locale)',
      description:
        'Answers with Set-Cookie for each preference given: 1000 days, Path=/, SameSite=Lax, Secure over HTTPS. Only the site’s own pages may call it (403 otherwise).',
      body: visitorPreferencesSchema,
      response: { 200: visitorPreferencesResponseSchema, ...errorResponses(400, 403) },
    },
    // onRequest, before the body is read: another site's page must not set this browser's cookies.
    onRequest: async (request) => {
      if (!fromThisSite(request)) {
        throw new AppError(403, 'forbidden', 'Preferences can only be set from the site itself');
      }
    },
    handler: async (request, reply) => {
      const { theme, locale } = request.body;
      if (theme) setPreferenceCookie(request, reply, THEME_COOKIE, theme);
      if (locale) setPreferenceCookie(request, reply, LOCALE_COOKIE, locale);
      return ok(request.body);
    },
  });
};
