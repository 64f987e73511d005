import type { FastifyRequest } from 'fastify';
import { isbot } from 'isbot';
import { NOT_COUNTED_COOKIE } from '../../../shared/statistics.js';

export type NotCountedReason = 'crawler' | 'switched-off' | 'owner';

/** Tells whether the owner's session comes with the request; the owner's own visits are not counted. */
export type OwnerCheck = (request: FastifyRequest) => Promise<boolean>;

/**
 * Why a visitor call must record nothing, or undefined when it counts. Crawlers are recognised by
 * `isbot`; a request without any user agent comes from a script, not a browser, and is not counted
 * either. See docs/decisions/017-statistics-storage.md, "What is not counted".
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

/** Whether the owner switched counting this browser off (`not_counted=1`). */
export function hasNotCountedCookie(request: FastifyRequest): boolean {
  return (request.headers.cookie ?? '').split(';').some((pair) => pair.trim() === `${NOT_COUNTED_COOKIE}=1`);
}
