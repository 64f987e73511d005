import { z } from 'zod';
import { API_ERROR_CODES, FIELD_ERROR_CODES } from '../api-errors.js';
import { sectionSchemas } from './content.js';
import { portfolioProjectSchema } from './entry-views.js';

/**
 * The API's single error shape: a stable machine-readable `code` the web app translates, and an
 * English `message` for people reading logs or curl output. Field errors come with their field.
 */
export type { ApiErrorCode } from '../api-errors.js';

const fieldErrorSchema = z.object({ field: z.string(), code: z.enum(FIELD_ERROR_CODES) });
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
  // The owner's items, and the published projects no item stands for (decision 030).
  portfolio: successResponseSchema(
    sectionSchemas.portfolio.safeExtend({ projects: z.array(portfolioProjectSchema).optional() }),
  ),
  footer: successResponseSchema(sectionSchemas.footer),
} as const;

export const visitorCheckResponseSchema = successResponseSchema(z.object({ new: z.boolean() }));
export const visitorCreateResponseSchema = successResponseSchema(z.object({ token: z.string() }));
/** `recorded` is false when the visit is not counted (a crawler, the owner); the answer is the same otherwise. */
export const visitResponseSchema = successResponseSchema(z.object({ recorded: z.boolean() }));
export const contactResponseSchema = successResponseSchema(z.object({ id: z.string() }));
export const healthResponseSchema = successResponseSchema(z.object({ database: z.literal('ok') }));

export { API_PREFIX } from '../http.js';

/** The `data` of a success response schema: what the web app's API calls resolve to. */
export type ResponseData<Schema extends z.ZodType> = z.infer<Schema> extends { data: infer Data } ? Data : never;
