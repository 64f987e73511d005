import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ResponseData } from '../../../../shared/schemas/api.js';
import type { contentSetAsideListResponseSchema } from '../../../../shared/schemas/content-store.js';
import { apiRequest } from '../../../shared/api/api-client.js';

export type SetAsideDrafts = ResponseData<typeof contentSetAsideListResponseSchema>;

/** The drafts restores set aside: a restore or a bring-back invalidates them. */
export const setAsideDraftsKey = ['content', 'set-aside'] as const;

const getSetAsideDrafts = () => apiRequest<SetAsideDrafts>('/owner/content/set-aside');

const getSetAsideDraftsQueryOptions = () => queryOptions({ queryKey: setAsideDraftsKey, queryFn: getSetAsideDrafts });

/** The set-aside drafts, newest first. */
export const useSetAsideDrafts = () => useQuery(getSetAsideDraftsQueryOptions());
