import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ResponseData } from '../../../../shared/schemas/api.js';
import type { messageResponseSchema } from '../../../../shared/schemas/owner.js';
import { apiRequest } from '../../../shared/api/api-client.js';

export type MessageAnswer = ResponseData<typeof messageResponseSchema>;

const getMessage = (id: string) => apiRequest<MessageAnswer>(`/owner/messages/${id}`);

export const getMessageQueryOptions = (id: string) =>
  queryOptions({ queryKey: ['messages', 'detail', id], queryFn: () => getMessage(id) });

/** One message with its deliveries. */
export const useMessage = (id: string) => useQuery(getMessageQueryOptions(id));
