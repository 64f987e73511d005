import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MessageState } from '../../../../shared/schemas/owner.js';
import { apiRequest } from '../../../shared/api/api-client.js';
import { getMessageQueryOptions, type MessageAnswer } from './get-message.js';
import { messageListsKey } from './get-messages.js';

/** Moves one message; the server refuses a move `shared/inbox-moves.ts` does not allow (409). */
const updateMessageState = ({ id, state }: { id: string; state: MessageState }) =>
  apiRequest<MessageAnswer>(`/owner/messages/${id}`, { method: 'PATCH', body: { state } });

/** The answer is the moved message: it replaces the one on screen, and the lists (folders, counts) load again. */
export function useUpdateMessageState() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateMessageState,
    onSuccess: (answer, { id }) => {
      queryClient.setQueryData(getMessageQueryOptions(id).queryKey, answer);
      return queryClient.invalidateQueries({ queryKey: messageListsKey });
    },
    // Refused (moved meanwhile elsewhere, say): show where the message really is.
    onError: (_error, { id }) => queryClient.invalidateQueries({ queryKey: getMessageQueryOptions(id).queryKey }),
  });
}
