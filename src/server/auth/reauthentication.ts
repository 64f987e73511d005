import type { FastifyRequest } from 'fastify';
import { REAUTHENTICATION_WINDOW_MINUTES } from '../../shared/schemas/owner.js';
import type { OwnerSessionTable } from '../db/schema.js';
import { AppError } from '../errors.js';

const WINDOW_MS = REAUTHENTICATION_WINDOW_MINUTES * 60_000;

/** Until when a session may make sensitive changes without proving itself again; undefined once past. */
export function reauthenticatedUntil(
  session: Pick<OwnerSessionTable, 'authenticated_at'> | undefined,
  now = new Date(),
): Date | undefined {
  if (!session?.authenticated_at) return undefined;
  const until = new Date(Date.parse(session.authenticated_at) + WINDOW_MS);
  return until > now ? until : undefined;
}

/**
 * A `preHandler` for sensitive changes (the password, passkeys, the second factor, exporting every
 * message): the session must have signed in or re-authenticated — password with second factor, or a
 * passkey — within the last 10 minutes, so a browser left signed in is not enough. 403, not 401:
 * the session itself is still good.
 */
export async function requireRecentAuthentication(request: FastifyRequest): Promise<void> {
  if (reauthenticatedUntil(request.ownerSession)) return;
  throw new AppError(403, 'reauthentication_required', 'Confirm it is you first: password or passkey');
}
