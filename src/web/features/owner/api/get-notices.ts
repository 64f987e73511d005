import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Notices } from '../../../../shared/schemas/notices.js';
import { apiRequest } from '../../../shared/api/api-client.js';

const getNotices = () => apiRequest<Notices>('/owner/notices');

export const getNoticesQueryOptions = () => queryOptions({ queryKey: ['notices'], queryFn: getNotices });

/** Which notices the owner gets, and the language they are written in. */
export const useNotices = () => useQuery(getNoticesQueryOptions());
