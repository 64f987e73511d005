import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ResponseData } from '../../../../../shared/schemas/api.js';
import type { Collection } from '../../../../../shared/schemas/collections.js';
import type { entryListResponseSchema } from '../../../../../shared/schemas/entry-store.js';
import { apiRequest } from '../../../../shared/api/api-client.js';

export type EntryList = ResponseData<typeof entryListResponseSchema>;

/** Every query about a collection's entries (its list, an entry, its versions): a publish, restore or delete invalidates them. */
export const entriesKey = (collection: Collection) => ['entries', collection] as const;

const getEntries = (collection: Collection) => apiRequest<EntryList>(`/owner/entries/${collection}`);

const getEntriesQueryOptions = (collection: Collection) =>
  queryOptions({ queryKey: [...entriesKey(collection), 'list'], queryFn: () => getEntries(collection) });

/** A collection's entries, newest first, with their state, languages and titles. */
export const useEntries = (collection: Collection) => useQuery(getEntriesQueryOptions(collection));
