import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SetupChecklist } from '../../../../shared/schemas/setup-checklist.js';
import { apiRequest } from '../../../shared/api/api-client.js';

const getSetupChecklist = () => apiRequest<SetupChecklist>('/owner/setup-checklist');

export const getSetupChecklistQueryOptions = () =>
  queryOptions({ queryKey: ['setup-checklist'], queryFn: getSetupChecklist });

/** The set-up checklist's steps, each done or not, and whether the owner hid the finished list. */
export const useSetupChecklist = () => useQuery(getSetupChecklistQueryOptions());
