import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ResponseData } from '../../../../shared/schemas/api.js';
import type { contentCompareResponseSchema } from '../../../../shared/schemas/content-store.js';
import { apiRequest } from '../../../shared/api/api-client.js';
import { contentVersionsKey } from './get-content-versions.js';

type ContentComparison = ResponseData<typeof contentCompareResponseSchema>;

const compareContentVersions = (from: number, to: number) =>
  apiRequest<ContentComparison>(`/owner/content/versions/${from}/compare/${to}`);

const compareContentVersionsQueryOptions = (from: number, to: number) =>
  queryOptions({
    queryKey: [...contentVersionsKey, 'compare', from, to],
    queryFn: () => compareContentVersions(from, to),
    staleTime: Number.POSITIVE_INFINITY,
  });

/** What changed from one version to another, field by field and per language. */
export const useContentComparison = (from: number, to: number) =>
  useQuery(compareContentVersionsQueryOptions(from, to));
