import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ResponseData } from '../../../../shared/schemas/api.js';
import type { sessionsResponseSchema } from '../../../../shared/schemas/owner.js';
import { apiRequest } from '../../../shared/api/api-client.js';

const getSessions = () => apiRequest<ResponseData<typeof sessionsResponseSchema>>('/owner/sessions');

export const getSessionsQueryOptions = () => queryOptions({ queryKey: ['sessions'], queryFn: getSessions });

/** The devices signed in to the owner area. */
export const useSessions = () => useQuery(getSessionsQueryOptions());
