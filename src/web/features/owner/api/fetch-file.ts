import { isApiErrorCode } from '../../../../shared/api-errors.js';
import { ApiError } from '../../../shared/api/api-client.js';

/**
 * A file the owner downloads, fetched rather than followed as a link: it may need a recent proof of
 * who is asking (403 `reauthentication_required`), which a link's download could only save as a file
 * of JSON. The body stays a Blob (a CSV's byte-order mark reaches the file); the server names it.
 */
export async function fetchFile(url: string, fallbackName: string): Promise<{ file: Blob; fileName: string }> {
  let response: Response;
  try {
    response = await fetch(url, { credentials: 'include' });
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
  const fileName = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? fallbackName;
  return { file: await response.blob(), fileName };
}

/** Hands a file already in memory to the browser as a download (a Blob: nothing more is asked of the server). */
export function downloadFile(file: Blob, fileName: string): void {
  const url = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  // The click has handed the Blob to the download by the next task; then it can go.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
