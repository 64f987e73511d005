import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ResponseData } from '../../../../shared/schemas/api.js';
import type { deliveryResponseSchema, NotificationChannel } from '../../../../shared/schemas/owner.js';
import { apiRequest } from '../../../shared/api/api-client.js';
import { getNotificationsQueryOptions } from './get-notifications.js';

const sendTestNotification = (channel: NotificationChannel) =>
  apiRequest<ResponseData<typeof deliveryResponseSchema>>('/owner/notifications/test', {
    method: 'POST',
    body: { channel },
  });

/** How long the outbox worker, which sends at once, is given before the channels are asked for the outcome. */
const OUTCOME_DELAY_MS = 2_000;

export function useSendTestNotification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendTestNotification,
    onSuccess: () => {
      const { queryKey } = getNotificationsQueryOptions();
      setTimeout(() => void queryClient.invalidateQueries({ queryKey }), OUTCOME_DELAY_MS);
    },
  });
}
