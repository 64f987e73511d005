import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  recoveryCodesResponseSchema,
  secondFactorOffResponseSchema,
  totpConfirmBodySchema,
  totpSetupResponseSchema,
} from '../../../shared/schemas/owner.js';
import type { OwnerAuthContext } from '../../auth/owner-auth-context.js';
import { requireRecentAuthentication } from '../../auth/reauthentication.js';
import { hashRecoveryCode, newRecoveryCodes } from '../../auth/recovery-codes.js';
import { newTotpSecret, qrCodeSvg, totpStepOf, totpUri } from '../../auth/totp.js';
import { AppError } from '../../errors.js';
import {
  deleteSecondFactor,
  getTotp,
  replaceRecoveryCodes,
  saveTotpSecret,
  spendTotpStep,
} from '../../repositories/second-factor-repository.js';
import { errorResponses, ok } from '../responses.js';

const errors = errorResponses(409);

/**
 * The second factor for the password: authenticator-app codes (set up by scanning a QR code, on once
 * the first code is right) and ten single-use recovery codes, shown once. Every change needs a
 * recent sign-in or re-authentication.
 */
export const secondFactorRoutes: FastifyPluginAsync<OwnerAuthContext> = async (app, context) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = context;

  async function freshRecoveryCodes(): Promise<string[]> {
    const codes = newRecoveryCodes();
    await replaceRecoveryCodes(db, codes.map(hashRecoveryCode));
    return codes;
  }

  api.post('/owner/second-factor/setup', {
    schema: {
      summary: 'Start turning on authenticator-app codes: a new secret, as text and as a QR code',
      response: { 200: totpSetupResponseSchema, ...errors },
    },
    preHandler: requireRecentAuthentication,
    handler: async () => {
      if ((await getTotp(db))?.confirmed_at) throw new AppError(409, 'bad_request', 'The second factor is already on');
      const secret = newTotpSecret();
      await saveTotpSecret(db, secret);
      const uri = totpUri(secret, new URL(context.siteOrigin()).host);
      return ok({ secret, uri, qrCode: qrCodeSvg(uri) });
    },
  });

  api.post('/owner/second-factor', {
    schema: {
      summary: 'Turn authenticator-app codes on with a first code from the app; answers ten recovery codes, shown once',
      body: totpConfirmBodySchema,
      response: { 200: recoveryCodesResponseSchema, ...errors },
    },
    preHandler: requireRecentAuthentication,
    handler: async (request) => {
      const totp = await getTotp(db);
      if (!totp) throw new AppError(409, 'bad_request', 'Start the setup first');
      if (totp.confirmed_at) throw new AppError(409, 'bad_request', 'The second factor is already on');
      const step = totpStepOf(totp.secret, request.body.code);
      if (step === undefined || !(await spendTotpStep(db, step, { confirming: true }))) {
        throw new AppError(400, 'wrong_code', 'Wrong code: check the time on the phone and try the next one');
      }
      request.log.warn('owner second factor turned on');
      return ok({ recoveryCodes: await freshRecoveryCodes() }, 'Second factor on');
    },
  });

  api.delete('/owner/second-factor', {
    schema: {
      summary: 'Turn the second factor off (the recovery codes go with it)',
      response: { 200: secondFactorOffResponseSchema, ...errors },
    },
    preHandler: requireRecentAuthentication,
    handler: async (request) => {
      await deleteSecondFactor(db);
      request.log.warn('owner second factor turned off');
      return ok({ enabled: false as const }, 'Second factor off');
    },
  });

  api.post('/owner/recovery-codes', {
    schema: {
      summary: 'Ten new recovery codes, shown once; the old ones stop working',
      response: { 200: recoveryCodesResponseSchema, ...errors },
    },
    preHandler: requireRecentAuthentication,
    handler: async () => {
      if (!(await getTotp(db))?.confirmed_at) throw new AppError(409, 'bad_request', 'The second factor is off');
      return ok({ recoveryCodes: await freshRecoveryCodes() }, 'New recovery codes');
    },
  });
};
