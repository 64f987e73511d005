import { useMutation } from '@tanstack/react-query';
import type { ResponseData } from '../../../../../shared/schemas/api.js';
import type { Collection } from '../../../../../shared/schemas/collections.js';
import type { entryVersionSummaryResponseSchema } from '../../../../../shared/schemas/entry-store.js';
import { apiRequest } from '../../../../shared/api/api-client.js';
import { entriesKey } from './get-entries.js';

export type EntryVersionSummary = ResponseData<typeof entryVersionSummaryResponseSchema>;

/** Publishes the saved draft; refused with 422 and every problem (`ApiError.fieldErrors`), or 409 `slug_taken`. */
const publishEntry = ({ collection, id, note }: { collection: Collection; id: string; note?: string | undefined }) =>
  apiRequest<EntryVersionSummary>(`/owner/entries/${collection}/${id}/publish`, {
    method: 'POST',
    body: note ? { note } : {},
  });

export function usePublishEntry(collection: Collection) {
  return useMutation({ mutationFn: publishEntry, meta: { invalidates: [[...entriesKey(collection), 'list']] } });
}
