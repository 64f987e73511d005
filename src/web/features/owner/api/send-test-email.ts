import { useMutation, useQuery } from '@tanstack/react-query';
import type { Delivery } from '../../../../shared/schemas/owner.js';
import { apiRequest } from '../../../shared/api/api-client.js';

const sendTestEmail = () =>
  apiRequest<{ delivery: Delivery }>('/owner/email-settings/test', { method: 'POST' }).then((data) => data.delivery);

const getTestEmail = (id: string) =>
  apiRequest<{ delivery: Delivery }>(`/owner/email-settings/test/${encodeURIComponent(id)}`).then(
    (data) => data.delivery,
  );

/** Queues a test e-mail through the outbox, with the saved settings. */
export const useSendTestEmail = () => useMutation({ mutationFn: sendTestEmail });

/** The queued test, asked for again every second until it is sent or has failed. */
export function useTestEmailDelivery(id: string | undefined) {
  return useQuery({
    queryKey: ['email-test', id],
    queryFn: () => getTestEmail(id ?? ''),
    enabled: id !== undefined,
    refetchInterval: (query) => (query.state.data?.status === 'pending' ? 1_000 : false),
  });
}
