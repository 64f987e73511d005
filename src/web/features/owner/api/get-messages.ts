import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ResponseData } from '../../../../shared/schemas/api.js';
import type { MessageListQuery, messageListResponseSchema } from '../../../../shared/schemas/owner.js';
import { apiRequest } from '../../../shared/api/api-client.js';

export type MessageList = ResponseData<typeof messageListResponseSchema>;

/** The query string of a list or an export: only the filters that are set. */
export function messageQuery(query: MessageListQuery): string {
  const parameters = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') parameters.set(key, String(value));
  }
  const text = parameters.toString();
  return text ? `?${text}` : '';
}

const getMessages = (query: MessageListQuery) => apiRequest<MessageList>(`/owner/messages${messageQuery(query)}`);

/** Every list (any folder, search or page) is under `['messages', 'list']`: a move invalidates them all. */
export const messageListsKey = ['messages', 'list'] as const;

const getMessagesQueryOptions = (query: MessageListQuery) =>
  queryOptions({ queryKey: [...messageListsKey, query], queryFn: () => getMessages(query) });

/** One page of a folder; the page on screen stays while the next one loads, so the list does not jump. */
export const useMessages = (query: MessageListQuery) =>
  useQuery({ ...getMessagesQueryOptions(query), placeholderData: keepPreviousData });
