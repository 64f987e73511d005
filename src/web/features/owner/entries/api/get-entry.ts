import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ResponseData } from '../../../../../shared/schemas/api.js';
import type { Collection } from '../../../../../shared/schemas/collections.js';
import type { entryResponseSchema } from '../../../../../shared/schemas/entry-store.js';
import { apiRequest } from '../../../../shared/api/api-client.js';
import { entriesKey } from './get-entries.js';

/** An entry, its draft (the published version or a new start when there is none) and its latest version. */
export type EntryAnswer = ResponseData<typeof entryResponseSchema>;

const getEntry = (collection: Collection, id: string) => apiRequest<EntryAnswer>(`/owner/entries/${collection}/${id}`);

const getEntryQueryOptions = (collection: Collection, id: string) =>
  queryOptions({
    queryKey: [...entriesKey(collection), 'entry', id],
    queryFn: () => getEntry(collection, id),
    // Read once per opening of the editor: from then on the editor holds the draft and saves it.
    staleTime: Number.POSITIVE_INFINITY,
  });

export const useEntry = (collection: Collection, id: string) => useQuery(getEntryQueryOptions(collection, id));
