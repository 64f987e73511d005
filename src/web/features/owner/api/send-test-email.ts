import { useMutation } from '@tanstack/react-query';
import type { Delivery } from '../../../../shared/schemas/owner.js';
import { apiRequest } from '../../../shared/api/api-client.js';

const sendTestEmail = () =>
  apiRequest<{ delivery: Delivery }>('/owner/email-settings/test', { method: 'POST' }).then((data) => data.delivery);

/** Queues a test e-mail through the outbox, with the saved settings. */
export const useSendTestEmail = () => useMutation({ mutationFn: sendTestEmail });
