import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Notices, NoticesBody } from '../../../../shared/schemas/notices.js';
import { apiRequest } from '../../../shared/api/api-client.js';
import { getNoticesQueryOptions } from './get-notices.js';

const updateNotices = (body: NoticesBody) => apiRequest<Notices>('/owner/notices', { method: 'PUT', body });

/** Saves the notices' choices; the server's answer becomes the card's state. */
export function useUpdateNotices() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateNotices,
    onSuccess: (notices) => queryClient.setQueryData(getNoticesQueryOptions().queryKey, notices),
  });
}
