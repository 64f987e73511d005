import { useMutation } from '@tanstack/react-query';
import type { Collection } from '../../../../../shared/schemas/collections.js';
import { apiRequest } from '../../../../shared/api/api-client.js';
import { entriesKey } from './get-entries.js';

/** Deletes an entry (its page goes at once, its addresses stay taken); 403 `reauthentication_required` without a recent sign-in. */
const deleteEntry = ({ collection, id }: { collection: Collection; id: string }) =>
  apiRequest<{ deleted: true }>(`/owner/entries/${collection}/${id}`, { method: 'DELETE' });

export function useDeleteEntry(collection: Collection) {
  return useMutation({ mutationFn: deleteEntry, meta: { invalidates: [[...entriesKey(collection), 'list']] } });
}
