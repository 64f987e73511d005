import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ApiErrorCode, ErrorResponse, FieldError } from '../shared/schemas/api.js';
import { fieldErrorsFromIssues } from '../shared/schemas/field-errors.js';

/** An expected failure with its HTTP status and stable code; its message is safe to show. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ApiErrorCode,
    message: string,
    readonly errors?: FieldError[],
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export function errorBody(code: ApiErrorCode, message: string, errors?: FieldError[]): ErrorResponse {
  return errors ? { success: false, code, message, errors } : { success: false, code, message };
}

const FASTIFY_CODES: Record<string, ApiErrorCode> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'payload_too_large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'unsupported_media_type',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'bad_request',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'bad_request',
  FST_ERR_CTP_INVALID_JSON_BODY: 'bad_request',
};

function codeForStatus(statusCode: number): ApiErrorCode {
  if (statusCode === 404) return 'not_found';
  if (statusCode === 405) return 'method_not_allowed';
  if (statusCode === 413) return 'payload_too_large';
  if (statusCode === 415) return 'unsupported_media_type';
  if (statusCode === 429) return 'rate_limited';
  if (statusCode === 503) return 'service_unavailable';
  return 'bad_request';
}

/**
 * The one error handler: every error leaves as `{success: false, code, message}`. Client errors keep
 * their (safe) message; server errors are logged with the request and answered with a generic text.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const context = error.validationContext ?? 'body';
      const issues = error.validation.map(({ keyword, instancePath, message, params }) => ({
        ...params,
        code: keyword,
        path: instancePath.split('/').filter(Boolean),
        message,
      }));
      const input = {
        body: request.body,
        params: request.params,
        querystring: request.query,
        headers: request.headers,
      };
      const errors = fieldErrorsFromIssues(issues, input[context], context);
      const message =
        context === 'body'
          ? 'Some fields are not valid'
          : `Invalid ${context}: ${error.validation.map((issue) => issue.message).join('; ')}`;
      return reply.code(400).send(errorBody('validation_failed', message, errors));
    }
    if (error instanceof AppError) {
      return reply.code(error.statusCode).send(errorBody(error.code, error.message, error.errors));
    }
    const statusCode = error.statusCode ?? 500;
    if (statusCode >= 400 && statusCode < 500) {
      const code = (error.code && FASTIFY_CODES[error.code]) || codeForStatus(statusCode);
      if (statusCode === 429) request.log.warn({ ip: request.ip, url: request.url }, 'rate limited');
      return reply.code(statusCode).send(errorBody(code, error.message));
    }
    request.log.error({ err: error }, 'request failed');
    return reply
      .code(statusCode >= 500 && statusCode < 600 ? statusCode : 500)
      .send(
        errorBody(
          statusCode === 503 ? 'service_unavailable' : 'internal_error',
          'Something went wrong on our side. Please try again later.',
        ),
      );
  });
}
