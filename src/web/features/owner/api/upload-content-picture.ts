import { useMutation, useQueryClient } from '@tanstack/react-query';
import { isApiErrorCode } from '../../../../shared/api-errors.js';
import { API_PREFIX } from '../../../../shared/http.js';
import type { ResponseData } from '../../../../shared/schemas/api.js';
import type { pictureResponseSchema } from '../../../../shared/schemas/pictures.js';
import { ApiError } from '../../../shared/api/api-client.js';
import { contentPicturesQueryOptions } from './get-content-pictures.js';

type UploadedPicture = ResponseData<typeof pictureResponseSchema>;

/** Uploads one picture under its file's name (multipart, as the API takes it); a refusal is an `ApiError` with its code. */
async function uploadContentPicture(file: File): Promise<UploadedPicture> {
  const form = new FormData();
  form.append('file', file);
  let response: Response;
  try {
    response = await fetch(`${API_PREFIX}/owner/content/pictures`, {
      method: 'POST',
      body: form,
      credentials: 'include',
      headers: { accept: 'application/json' },
    });
  } catch (error) {
    throw new ApiError(error instanceof Error ? error.message : 'Network error', 'network', 0);
  }
  const payload = (await response.json().catch(() => undefined)) as
    | { success?: boolean; code?: unknown; message?: string; data?: UploadedPicture }
    | undefined;
  if (!payload?.success || !payload.data) {
    throw new ApiError(
      payload?.message ?? `Upload failed (${response.status})`,
      isApiErrorCode(payload?.code) ? payload.code : 'bad_response',
      response.status,
    );
  }
  return payload.data;
}

export function useUploadContentPicture() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadContentPicture,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: contentPicturesQueryOptions().queryKey }),
  });
}
