/** Plain constants of the HTTP API, free of zod so the web app's first download stays small. */
export const API_PREFIX = '/api/v1';
export const VISITOR_KEY_HEADER = 'x-visitor-key';
export const DEVICE_HEADER = 'x-device';
