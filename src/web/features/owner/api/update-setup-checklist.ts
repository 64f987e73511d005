import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SetupChecklist } from '../../../../shared/schemas/setup-checklist.js';
import { apiRequest } from '../../../shared/api/api-client.js';
import { getSetupChecklistQueryOptions } from './get-setup-checklist.js';

/** "Mark as reviewed" for the content, or hiding the finished list: the answer is the list as it is now. */
const updateSetupChecklist = (action: 'content-reviewed' | 'hide') =>
  apiRequest<SetupChecklist>(`/owner/setup-checklist/${action}`, { method: 'POST' });

export function useUpdateSetupChecklist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSetupChecklist,
    onSuccess: (checklist) => queryClient.setQueryData(getSetupChecklistQueryOptions().queryKey, checklist),
  });
}
