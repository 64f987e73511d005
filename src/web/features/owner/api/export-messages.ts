import { API_PREFIX } from '../../../../shared/http.js';
import type { MessageListQuery } from '../../../../shared/schemas/owner.js';
import { messageQuery } from './get-messages.js';

/** The CSV export is a download the browser makes itself (a link), so this is its address, not a fetch. */
export const messagesExportUrl = (query: Pick<MessageListQuery, 'state' | 'q'>) =>
  `${API_PREFIX}/owner/messages/export${messageQuery(query)}`;
