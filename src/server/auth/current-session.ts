import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/database.js';
import type { OwnerSessionTable } from '../db/schema.js';
import { findSession } from '../repositories/owner-repository.js';
import { readSessionToken } from './session-cookie.js';

/** The live owner session a request's cookie names, or undefined. */
export async function sessionOf(db: Db, request: FastifyRequest): Promise<OwnerSessionTable | undefined> {
  const token = readSessionToken(request);
  return token ? findSession(db, token) : undefined;
}
