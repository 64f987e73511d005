import { errorResponseSchema } from '../../shared/schemas/api.js';

/** A success answer in the API's one shape (`successResponseSchema`); the message is "OK" unless said. */
export function ok<Data>(data: Data, message = 'OK') {
  return { success: true as const, message, data };
}

type ErrorResponses<Status extends number> = { [Code in Status]: typeof errorResponseSchema };

/** The error answers a route documents, each in the one error shape: `errorResponses(400, 404)`. */
export function errorResponses<const Status extends number>(...statuses: Status[]): ErrorResponses<Status> {
  return Object.fromEntries(statuses.map((status) => [status, errorResponseSchema])) as ErrorResponses<Status>;
}

/**
 * What every route in the owner scope may answer besides its own: a request that fails its schema
 * (400), no session (401), a state change from another site (403).
 */
export const ownerErrorResponses = errorResponses(400, 401, 403);
