import { z } from 'zod';
import { sectionSchemas } from './content.js';

/**
 * The API's single error shape: a stable machine-readable `code` the web app translates, and an
 * English `message` for people reading logs or curl output. Field errors come with their field.
 */
export const API_ERROR_CODES = [
  'bad_request',
  'validation_failed',
  'section_not_found',
  'visitor_key_missing',
  'visitor_not_found',
  'not_found',
  'method_not_allowed',
  'payload_too_large',
  'unsupported_media_type',
  'rate_limited',
  'service_unavailable',
  'internal_error',
] as const;
export type ApiErrorCode = (typeof API_ERROR_CODES)[number];

export const fieldErrorSchema = z.object({ field: z.string(), code: z.string() });
export type FieldError = z.infer<typeof fieldErrorSchema>;

export const errorResponseSchema = z.object({
  success: z.literal(false),
  message: z.string(),
  code: z.enum(API_ERROR_CODES),
  errors: z.array(fieldErrorSchema).optional(),
});
export type ErrorResponse = z.infer<typeof errorResponseSchema>;

export function successResponseSchema<Data extends z.ZodType>(data: Data) {
  return z.object({ success: z.literal(true), message: z.string(), data });
}

export const pageResponseSchemas = {
  home: successResponseSchema(sectionSchemas.home),
  about: successResponseSchema(sectionSchemas.about),
  portfolio: successResponseSchema(sectionSchemas.portfolio),
  footer: successResponseSchema(sectionSchemas.footer),
} as const;

export const visitorCheckResponseSchema = successResponseSchema(z.object({ new: z.boolean() }));
export const visitorCreateResponseSchema = successResponseSchema(z.object({ token: z.string() }));
export const visitResponseSchema = successResponseSchema(z.object({ recorded: z.literal(true) }));
export const contactResponseSchema = successResponseSchema(z.object({ id: z.string() }));

export { API_PREFIX } from '../http.js';
