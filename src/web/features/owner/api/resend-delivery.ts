import { useMutation } from '@tanstack/react-query';
import type { ResponseData } from '../../../../shared/schemas/api.js';
import type { deliveryResponseSchema } from '../../../../shared/schemas/owner.js';
import { apiRequest } from '../../../shared/api/api-client.js';
import { getNotificationsQueryOptions } from './get-notifications.js';

const resendDelivery = (id: string) =>
  apiRequest<ResponseData<typeof deliveryResponseSchema>>(`/owner/notifications/${id}/resend`, { method: 'POST' });

/** A delivery is shown on its message and in the settings' problems: both load again. */
export function useResendDelivery() {
  return useMutation({
    mutationFn: resendDelivery,
    meta: { invalidates: [['messages', 'detail'], getNotificationsQueryOptions().queryKey] },
  });
}
