import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ResponseData } from '../../../../shared/schemas/api.js';
import type { contentVersionResponseSchema } from '../../../../shared/schemas/content-store.js';
import { apiRequest } from '../../../shared/api/api-client.js';
import { contentVersionsKey } from './get-content-versions.js';

type ContentVersion = ResponseData<typeof contentVersionResponseSchema>;

const getContentVersion = (number: number) => apiRequest<ContentVersion>(`/owner/content/versions/${number}`);

const getContentVersionQueryOptions = (number: number) =>
  queryOptions({
    queryKey: [...contentVersionsKey, 'one', number],
    queryFn: () => getContentVersion(number),
    // A version never changes once published.
    staleTime: Number.POSITIVE_INFINITY,
  });

/** One published version with its content (the studio compares the draft with it); off while there is none. */
export const useContentVersion = (number: number | undefined) =>
  useQuery({ ...getContentVersionQueryOptions(number ?? 0), enabled: number !== undefined });
