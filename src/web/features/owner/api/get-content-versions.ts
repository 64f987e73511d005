import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ResponseData } from '../../../../shared/schemas/api.js';
import type { contentVersionsResponseSchema } from '../../../../shared/schemas/content-store.js';
import { apiRequest } from '../../../shared/api/api-client.js';

type ContentVersions = ResponseData<typeof contentVersionsResponseSchema>;

/** Every query about published versions (the list, one version, a comparison): a publish or restore invalidates them. */
export const contentVersionsKey = ['content', 'versions'] as const;

const getContentVersions = () => apiRequest<ContentVersions>('/owner/content/versions?limit=200');

const getContentVersionsQueryOptions = () =>
  queryOptions({ queryKey: [...contentVersionsKey, 'list'], queryFn: getContentVersions });

/** The newest 200 versions, newest first. */
export const useContentVersions = () => useQuery(getContentVersionsQueryOptions());
