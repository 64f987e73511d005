import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ThisBrowser } from '../../../../shared/schemas/stats.js';
import { apiRequest } from '../../../shared/api/api-client.js';

const getThisBrowser = () => apiRequest<ThisBrowser>('/owner/stats/this-browser');

export const getThisBrowserQueryOptions = () => queryOptions({ queryKey: ['this-browser'], queryFn: getThisBrowser });

/** Whether the visits of this browser are counted (the `not_counted` cookie, which only the server sees). */
export const useThisBrowser = () => useQuery(getThisBrowserQueryOptions());
