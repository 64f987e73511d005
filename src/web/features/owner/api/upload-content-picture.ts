import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { isApiErrorCode, isFieldErrorCode } from '../../../../shared/api-errors.js';
import { API_PREFIX } from '../../../../shared/http.js';
import type { FieldError, ResponseData } from '../../../../shared/schemas/api.js';
import type { pictureResponseSchema } from '../../../../shared/schemas/pictures.js';
import { ApiError } from '../../../shared/api/api-client.js';
import { contentPicturesQueryOptions } from './get-content-pictures.js';

type UploadedPicture = ResponseData<typeof pictureResponseSchema>;

/** How much of an upload has reached the server: bytes sent of the whole request. */
interface UploadProgress {
  loaded: number;
  total: number;
}

/**
 * Uploads one picture under its file's name (multipart, as the API takes it); a refusal is an
 * `ApiError` with its code, as `apiRequest` gives. XMLHttpRequest rather than fetch: only it reports
 * how much of the body was sent (fetch's upload streams need HTTP/2 and are not in every browser).
 * Same origin, so the browser sends the session cookie and `Sec-Fetch-Site: same-origin`.
 */
function uploadContentPicture(file: File, onProgress: (progress: UploadProgress) => void): Promise<UploadedPicture> {
  const form = new FormData();
  form.append('file', file);
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', `${API_PREFIX}/owner/content/pictures`);
    request.setRequestHeader('accept', 'application/json');
    request.responseType = 'text';
    request.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable) onProgress({ loaded: event.loaded, total: event.total });
    });
    const networkError = () => reject(new ApiError('Network error', 'network', 0));
    request.addEventListener('error', networkError);
    request.addEventListener('abort', networkError);
    request.addEventListener('timeout', networkError);
    request.addEventListener('load', () => {
      let payload:
        | { success?: boolean; code?: unknown; message?: unknown; data?: UploadedPicture; errors?: unknown }
        | undefined;
      try {
        const parsed: unknown = JSON.parse(request.responseText);
        payload = typeof parsed === 'object' && parsed !== null ? parsed : undefined;
      } catch {
        payload = undefined;
      }
      if (payload?.success === true && payload.data) {
        resolve(payload.data);
        return;
      }
      reject(
        new ApiError(
          typeof payload?.message === 'string' ? payload.message : `Upload failed (${request.status})`,
          isApiErrorCode(payload?.code) ? payload.code : 'bad_response',
          request.status,
          // An unsafe SVG's answer names what was found in it, each as a field error.
          Array.isArray(payload?.errors)
            ? payload.errors.filter(
                (error): error is FieldError => typeof error?.field === 'string' && isFieldErrorCode(error?.code),
              )
            : [],
        ),
      );
    });
    request.send(form);
  });
}

/** The upload, with how far the current one has got (`undefined` before the first progress event). */
export function useUploadContentPicture() {
  const [progress, setProgress] = useState<UploadProgress | undefined>();
  const mutation = useMutation({
    mutationFn: (file: File) => {
      setProgress({ loaded: 0, total: file.size });
      return uploadContentPicture(file, setProgress);
    },
    meta: { invalidates: [contentPicturesQueryOptions().queryKey] },
  });
  return { ...mutation, progress };
}
