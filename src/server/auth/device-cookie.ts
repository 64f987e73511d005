import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/database.js';
import { knownDevice } from '../repositories/owner-device-repository.js';

/**
 * A long-lived, HttpOnly cookie that only marks a browser the owner has signed in from, so a sign-in
 * from any other one can be told to the owner. It grants nothing: signing out keeps it.
 * 400 days is the longest a browser keeps a cookie.
 */
const DEVICE_COOKIE = 'sahifa_device';
const MAX_AGE_SECONDS = 400 * 24 * 60 * 60;

function cookieName(request: FastifyRequest): string {
  return request.protocol === 'https' ? `__Host-${DEVICE_COOKIE}` : DEVICE_COOKIE;
}

export function readDeviceToken(request: FastifyRequest): string | undefined {
  const value = request.cookies[cookieName(request)];
  return value !== undefined && /^[A-Za-z0-9_-]{43}$/.test(value) ? value : undefined;
}

export function setDeviceCookie(request: FastifyRequest, reply: FastifyReply, token: string): void {
  reply.setCookie(cookieName(request), token, {
    path: '/',
    maxAge: MAX_AGE_SECONDS,
    httpOnly: true,
    sameSite: 'strict',
    secure: request.protocol === 'https',
  });
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
