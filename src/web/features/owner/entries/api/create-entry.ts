import { useMutation } from '@tanstack/react-query';
import type { ResponseData } from '../../../../../shared/schemas/api.js';
import type { Collection } from '../../../../../shared/schemas/collections.js';
import type { entryCreatedResponseSchema } from '../../../../../shared/schemas/entry-store.js';
import { apiRequest } from '../../../../shared/api/api-client.js';
import { entriesKey } from './get-entries.js';

export type CreatedEntry = ResponseData<typeof entryCreatedResponseSchema>;

/** A new entry with its address; refused with 409 `slug_taken` when another entry has or had it. */
const createEntry = ({ collection, slug }: { collection: Collection; slug: string }) =>
  apiRequest<CreatedEntry>(`/owner/entries/${collection}`, { method: 'POST', body: { slug } });

export function useCreateEntry(collection: Collection) {
  return useMutation({ mutationFn: createEntry, meta: { invalidates: [entriesKey(collection)] } });
}
