import { type ApiErrorCode, isApiErrorCode } from '../../../shared/api-errors.js';
import { detectDevice } from '../../../shared/device.js';
import { API_PREFIX, DEVICE_HEADER, VISITOR_KEY_HEADER } from '../../../shared/http.js';
import type { FieldError } from '../../../shared/schemas/api.js';

/**
 * Why an API call failed: one of the server's codes, `network` when no answer came, or
 * `bad_response` when the answer was not the API's envelope (a proxy's error page, say).
 */
export type ApiErrorCodeOrClient = ApiErrorCode | 'network' | 'bad_response';

/** A failed API call: the server's code and message, or a code of the client's own. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly code: ApiErrorCodeOrClient,
    readonly status: number,
    readonly fieldErrors: FieldError[] = [],
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

let visitorKey: string | undefined;

/** Once a visitor key is stored, every request identifies the visitor and device (spec §7). */
export function setVisitorKey(key: string | undefined): void {
  visitorKey = key;
}

/** The visitor key requests carry now, if any (the outbound-click beacon sends it in its body). */
export function currentVisitorKey(): string | undefined {
  return visitorKey;
}

export interface ApiRequest {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
}

/**
 * Calls the API and unwraps its `{success, message, data}` envelope. A response without
 * `success: true` is an error carrying its message (spec §5).
 */
export async function apiRequest<Data>(path: string, { method = 'GET', body, signal }: ApiRequest = {}): Promise<Data> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (visitorKey) {
    headers[VISITOR_KEY_HEADER] = visitorKey;
    headers[DEVICE_HEADER] = detectDevice(navigator.userAgent);
  }
  if (body !== undefined) headers['content-type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(`${API_PREFIX}${path}`, {
      method,
      headers,
      credentials: 'include',
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
    });
  } catch (error) {
    throw new ApiError(error instanceof Error ? error.message : 'Network error', 'network', 0);
  }
  const payload: unknown = await response.json().catch(() => undefined);
  if (typeof payload !== 'object' || payload === null) {
    throw new ApiError(`Unexpected response (${response.status})`, 'bad_response', response.status);
  }
  const envelope = payload as {
    success?: unknown;
    message?: unknown;
    code?: unknown;
    data?: unknown;
    errors?: unknown;
  };
  if (envelope.success !== true) {
    throw new ApiError(
      typeof envelope.message === 'string' ? envelope.message : `Request failed (${response.status})`,
      isApiErrorCode(envelope.code) ? envelope.code : 'bad_response',
      response.status,
      Array.isArray(envelope.errors) ? (envelope.errors as FieldError[]) : [],
    );
  }
  return envelope.data as Data;
}
