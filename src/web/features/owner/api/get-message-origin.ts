import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ResponseData } from '../../../../shared/schemas/api.js';
import type { messageOriginResponseSchema } from '../../../../shared/schemas/message-origin.js';
import { apiRequest } from '../../../shared/api/api-client.js';

type MessageOriginAnswer = ResponseData<typeof messageOriginResponseSchema>;

const getMessageOrigin = (id: string) => apiRequest<MessageOriginAnswer>(`/owner/messages/${id}/origin`);

/** Where a message's writer came from; it never changes, so it is read once per message. */
export const useMessageOrigin = (id: string) =>
  useQuery(
    queryOptions({
      queryKey: ['messages', 'origin', id],
      queryFn: () => getMessageOrigin(id),
      staleTime: Number.POSITIVE_INFINITY,
    }),
  );
