import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/database.js';
import { knownDevice } from '../repositories/owner-device-repository.js';
import { ownerCookie } from './owner-cookie.js';

/**
 * A long-lived, HttpOnly cookie that only marks a browser the owner has signed in from, so a sign-in
 * from any other one can be told to the owner. It grants nothing: signing out keeps it.
 * 400 days is the longest a browser keeps a cookie.
 */
const deviceCookie = ownerCookie('sahifa_device');
const MAX_AGE_SECONDS = 400 * 24 * 60 * 60;

export function readDeviceToken(request: FastifyRequest): string | undefined {
  return deviceCookie.read(request);
}

export function setDeviceCookie(request: FastifyRequest, reply: FastifyReply, token: string): void {
  deviceCookie.set(request, reply, token, MAX_AGE_SECONDS);
}

/**
 * Whether the request comes from a browser the owner signed in from before (refreshing its time).
 * Such a browser goes first in the sign-in queue and is never refused a reset link: strangers can
 * exhaust any count by address, but not this cookie, which only the owner's browser holds.
 */
export async function fromKnownBrowser(db: Db, request: FastifyRequest, now = new Date()): Promise<boolean> {
  const token = readDeviceToken(request);
  return token !== undefined && (await knownDevice(db, token, now));
}
