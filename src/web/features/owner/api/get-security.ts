import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SecurityOverview } from '../../../../shared/schemas/owner.js';
import { apiRequest } from '../../../shared/api/api-client.js';

const getSecurity = () => apiRequest<SecurityOverview>('/owner/security');

export const getSecurityQueryOptions = () => queryOptions({ queryKey: ['security'], queryFn: getSecurity });

export const useSecurity = () => useQuery(getSecurityQueryOptions());
