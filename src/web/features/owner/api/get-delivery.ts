import { useQuery } from '@tanstack/react-query';
import type { Delivery } from '../../../../shared/schemas/owner.js';
import { apiRequest } from '../../../shared/api/api-client.js';

const getDelivery = (id: string) =>
  apiRequest<{ delivery: Delivery }>(`/owner/notifications/${encodeURIComponent(id)}`).then((data) => data.delivery);

/** One queued notification (a test), asked for again every second until it is sent or has failed. */
export function useDelivery(id: string | undefined) {
  return useQuery({
    queryKey: ['delivery', id],
    queryFn: () => getDelivery(id ?? ''),
    enabled: id !== undefined,
    refetchInterval: (query) => (query.state.data?.status === 'pending' ? 1_000 : false),
  });
}
