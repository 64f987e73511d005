import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ResponseData } from '../../../../../shared/schemas/api.js';
import type { Collection } from '../../../../../shared/schemas/collections.js';
import type { entryVersionsResponseSchema } from '../../../../../shared/schemas/entry-store.js';
import { apiRequest } from '../../../../shared/api/api-client.js';
import { entriesKey } from './get-entries.js';

type EntryVersions = ResponseData<typeof entryVersionsResponseSchema>;

export const entryVersionsKey = (collection: Collection, id: string) =>
  [...entriesKey(collection), 'versions', id] as const;

/** An entry's newest 200 versions, newest first. */
export const useEntryVersions = (collection: Collection, id: string) =>
  useQuery(
    queryOptions({
      queryKey: [...entryVersionsKey(collection, id), 'list'],
      queryFn: () => apiRequest<EntryVersions>(`/owner/entries/${collection}/${id}/versions?limit=200`),
    }),
  );
