import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ResponseData } from '../../../../../shared/schemas/api.js';
import type { Collection } from '../../../../../shared/schemas/collections.js';
import type { entryVersionResponseSchema } from '../../../../../shared/schemas/entry-store.js';
import { apiRequest } from '../../../../shared/api/api-client.js';
import { entryVersionsKey } from './get-entry-versions.js';

type EntryVersion = ResponseData<typeof entryVersionResponseSchema>;

const getEntryVersionQueryOptions = (collection: Collection, id: string, number: number) =>
  queryOptions({
    queryKey: [...entryVersionsKey(collection, id), 'one', number],
    queryFn: () => apiRequest<EntryVersion>(`/owner/entries/${collection}/${id}/versions/${number}`),
    // A version never changes once published.
    staleTime: Number.POSITIVE_INFINITY,
  });

/** One of an entry's published versions with its content (the history compares two of them). */
export const useEntryVersion = (collection: Collection, id: string, number: number) =>
  useQuery(getEntryVersionQueryOptions(collection, id, number));
