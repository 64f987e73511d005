import { useMutation } from '@tanstack/react-query';
import { isApiErrorCode } from '../../../../shared/api-errors.js';
import { API_PREFIX } from '../../../../shared/http.js';
import type { MessageListQuery } from '../../../../shared/schemas/owner.js';
import { ApiError } from '../../../shared/api/api-client.js';
import { messageQuery } from './get-messages.js';

type ExportQuery = Pick<MessageListQuery, 'state' | 'q'>;

const messagesExportUrl = (query: ExportQuery) => `${API_PREFIX}/owner/messages/export${messageQuery(query)}`;

/**
 * The CSV export, fetched rather than followed as a link: exporting every message needs a recent
 * proof of who is asking (403 `reauthentication_required`), which a link's download could only save
 * as a file of JSON. The body stays a Blob, so its byte-order mark reaches the file.
 */
async function fetchMessagesExport(query: ExportQuery): Promise<{ file: Blob; fileName: string }> {
  let response: Response;
  try {
    response = await fetch(messagesExportUrl(query), { credentials: 'include' });
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
  const fileName = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? 'messages.csv';
  return { file: await response.blob(), fileName };
}

export const useExportMessages = () => useMutation({ mutationFn: fetchMessagesExport });
