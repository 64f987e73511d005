import type { preValidationAsyncHookHandler } from 'fastify';
import type { z } from 'zod';
import type { AppError } from '../../errors.js';

/**
 * Checks the token of a link (a set-up or reset link) before the rest of the body: a link cut short
 * (a mail client wrapping it, a partial copy) must say so, not that the new password is too short
 * (issue 25, defect 9).
 */
export function linkTokenFirst(tokenSchema: z.ZodType, broken: () => AppError): preValidationAsyncHookHandler {
  return async (request) => {
    const { token } = (request.body ?? {}) as { token?: unknown };
    if (!tokenSchema.safeParse(token).success) throw broken();
  };
}
