import { useMutation } from '@tanstack/react-query';
import { API_PREFIX } from '../../../../shared/http.js';
import type { MessageListQuery } from '../../../../shared/schemas/owner.js';
import { fetchFile } from './fetch-file.js';
import { messageQuery } from './get-messages.js';

type ExportQuery = Pick<MessageListQuery, 'state' | 'q'>;

const messagesExportUrl = (query: ExportQuery) => `${API_PREFIX}/owner/messages/export${messageQuery(query)}`;

/** The CSV export of the messages the inbox shows; exporting needs a recent re-authentication. */
const fetchMessagesExport = (query: ExportQuery) => fetchFile(messagesExportUrl(query), 'messages.csv');

export const useExportMessages = () => useMutation({ mutationFn: fetchMessagesExport });
