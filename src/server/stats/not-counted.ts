import type { FastifyReply, FastifyRequest } from 'fastify';
import { isbot } from 'isbot';
import { NOT_COUNTED_COOKIE, NOT_COUNTED_COOKIE_MAX_AGE_SECONDS } from '../../shared/statistics.js';

export type NotCountedReason = 'crawler' | 'cross-site' | 'switched-off' | 'owner';

/** Tells whether the owner's session comes with the request; the owner's own visits are not counted. */
export type OwnerCheck = (request: FastifyRequest) => Promise<boolean>;

/**
 * Why a visit or download must record nothing, or undefined when it counts. Crawlers are recognised
 * by `isbot`; a request without any user agent comes from a script, not a browser, and is not
 * counted either. See docs/decisions/017-statistics-storage.md, "What is not counted".
 */
export async function notCountedReason(
  request: FastifyRequest,
  isOwner?: OwnerCheck,
): Promise<NotCountedReason | undefined> {
  const userAgent = request.headers['user-agent'];
  if (!userAgent?.trim() || isbot(userAgent)) return 'crawler';
  if (hasNotCountedCookie(request)) return 'switched-off';
  if (isOwner && (await isOwner(request))) return 'owner';
  return undefined;
}

/**
 * As `notCountedReason`, for the visitor API, which only the site's own pages call: a request the
 * browser says another site made (`Sec-Fetch-Site: cross-site`, such as an `<img>` there pointing at
 * the create call) would let any page make visitors. A CV link on another site is a real download,
 * so this rule is the visitor API's alone.
 */
export async function visitorCallNotCountedReason(
  request: FastifyRequest,
  isOwner?: OwnerCheck,
): Promise<NotCountedReason | undefined> {
  if (request.headers['sec-fetch-site'] === 'cross-site') return 'cross-site';
  return notCountedReason(request, isOwner);
}

/** Whether the owner switched counting this browser off (`not_counted=1`). */
export function hasNotCountedCookie(request: FastifyRequest): boolean {
  return request.cookies[NOT_COUNTED_COOKIE] === '1';
}

/** Switches counting this browser's visits off (a long-lived `not_counted=1`) or on again (the cookie expires). */
export function setNotCountedCookie(request: FastifyRequest, reply: FastifyReply, counted: boolean): void {
  // HttpOnly: the owner area asks the server; Lax: it goes along with the first page load from a link.
  reply.setCookie(NOT_COUNTED_COOKIE, counted ? '' : '1', {
    path: '/',
    maxAge: counted ? 0 : NOT_COUNTED_COOKIE_MAX_AGE_SECONDS,
    httpOnly: true,
    sameSite: 'lax',
    secure: request.protocol === 'https',
  });
}
