import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ResponseData } from '../../../../shared/schemas/api.js';
import type { bulkStateResponseSchema, MessageState } from '../../../../shared/schemas/owner.js';
import { apiRequest } from '../../../shared/api/api-client.js';

/** Moves several messages, all or none (the server answers 409 if one of them may not go there). */
const updateMessagesState = ({ ids, state }: { ids: string[]; state: MessageState }) =>
  apiRequest<ResponseData<typeof bulkStateResponseSchema>>('/owner/messages', {
    method: 'PATCH',
    body: { ids, state },
  });

export function useUpdateMessagesState() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateMessagesState,
    // Lists and any message opened before may show an old state now; after a refusal too.
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['messages'] }),
  });
}
