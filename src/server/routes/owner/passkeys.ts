import type { RegistrationResponseJSON } from '@simplewebauthn/server';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  idParamsSchema,
  type Passkey,
  passkeyRegistrationBodySchema,
  passkeyRemovedResponseSchema,
  passkeyRenameBodySchema,
  passkeyResponseSchema,
  webauthnOptionsResponseSchema,
} from '../../../shared/schemas/owner.js';
import type { OwnerAuthContext } from '../../auth/owner-auth-context.js';
import { passkeyRegistrationOptions, registerPasskey } from '../../auth/passkeys.js';
import { requireRecentAuthentication } from '../../auth/reauthentication.js';
import type { OwnerPasskeyTable } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { deletePasskey, listPasskeys, renamePasskey } from '../../repositories/passkey-repository.js';
import { errorResponses, ok } from '../responses.js';

const errors = errorResponses(404);

export function toPasskey(row: OwnerPasskeyTable): Passkey {
  return { id: row.id, name: row.name, createdAt: row.created_at, lastUsedAt: row.last_used_at };
}

/** Adding, naming and removing passkeys (signed in; adding and removing after a recent re-authentication). */
export const passkeyRoutes: FastifyPluginAsync<OwnerAuthContext> = async (app, context) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = context;

  api.post('/owner/passkeys/registration-options', {
    schema: {
      summary: 'A WebAuthn challenge for adding a passkey',
      response: { 200: webauthnOptionsResponseSchema, ...errors },
    },
    preHandler: requireRecentAuthentication,
    handler: async (request) => {
      const sessionId = request.ownerSession?.id ?? '';
      return ok({ options: { ...(await passkeyRegistrationOptions(context, sessionId)) } });
    },
  });

  api.post('/owner/passkeys', {
    schema: {
      summary: 'Add a passkey: its name and the browser’s answer to the registration challenge',
      body: passkeyRegistrationBodySchema,
      response: { 200: passkeyResponseSchema, ...errors },
    },
    preHandler: requireRecentAuthentication,
    handler: async (request) => {
      const sessionId = request.ownerSession?.id ?? '';
      const { name, response } = request.body;
      const passkey = await registerPasskey(context, sessionId, name, response as unknown as RegistrationResponseJSON);
      request.log.warn('owner passkey added');
      return ok({ passkey: toPasskey(passkey) }, 'Passkey added');
    },
  });

  api.patch('/owner/passkeys/:id', {
    schema: {
      summary: 'Rename a passkey',
      params: idParamsSchema,
      body: passkeyRenameBodySchema,
      response: { 200: passkeyResponseSchema, ...errors },
    },
    handler: async (request) => {
      if (!(await renamePasskey(db, request.params.id, request.body.name))) {
        throw new AppError(404, 'not_found', 'No such passkey');
      }
      const passkey = (await listPasskeys(db)).find((row) => row.id === request.params.id);
      if (!passkey) throw new AppError(404, 'not_found', 'No such passkey');
      return ok({ passkey: toPasskey(passkey) }, 'Passkey renamed');
    },
  });

  api.delete('/owner/passkeys/:id', {
    schema: {
      summary: 'Remove a passkey',
      params: idParamsSchema,
      response: { 200: passkeyRemovedResponseSchema, ...errors },
    },
    preHandler: requireRecentAuthentication,
    handler: async (request) => {
      if (!(await deletePasskey(db, request.params.id))) throw new AppError(404, 'not_found', 'No such passkey');
      request.log.warn('owner passkey removed');
      return ok({ removed: true as const }, 'Passkey removed');
    },
  });
};
