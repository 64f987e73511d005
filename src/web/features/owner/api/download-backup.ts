import { useMutation } from '@tanstack/react-query';
import { isApiErrorCode } from '../../../../shared/api-errors.js';
import { API_PREFIX } from '../../../../shared/http.js';
import { ApiError } from '../../../shared/api/api-client.js';

/**
 * A backup of the database made now, fetched rather than followed as a link: it needs a recent proof
 * of who is asking (403 `reauthentication_required`), which a link's download could only save as a
 * file of JSON. The server names the file (`sahifa-<time>.sqlite`).
 */
async function fetchBackup(): Promise<{ file: Blob; fileName: string }> {
  let response: Response;
  try {
    response = await fetch(`${API_PREFIX}/owner/backups/download`, { credentials: 'include' });
  } catch (error) {
    throw new ApiError(error instanceof Error ? error.message : 'Network error', 'network', 0);
  }
  if (!response.ok) {
    const payload = (await response.json().catch(() => undefined)) as { message?: unknown; code?: unknown } | undefined;
    throw new ApiError(
      typeof payload?.message === 'string' ? payload.message : `Request failed (${response.status})`,
      isApiErrorCode(payload?.code) ? payload.code : 'bad_response',
      response.status,
    );
  }
  const fileName = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? 'sahifa.sqlite';
  return { file: await response.blob(), fileName };
}

export const useDownloadBackup = () => useMutation({ mutationFn: fetchBackup });
