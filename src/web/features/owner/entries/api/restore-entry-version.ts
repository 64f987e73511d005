import { useMutation } from '@tanstack/react-query';
import type { ResponseData } from '../../../../../shared/schemas/api.js';
import type { Collection } from '../../../../../shared/schemas/collections.js';
import type { entryRestoreResponseSchema } from '../../../../../shared/schemas/entry-store.js';
import { apiRequest } from '../../../../shared/api/api-client.js';
import { entriesKey } from './get-entries.js';

export type RestoredEntryVersion = ResponseData<typeof entryRestoreResponseSchema>;

/**
 * Publishes a copy of one of an entry's versions and makes it the draft; answers 403
 * `reauthentication_required` without a recent sign-in.
 */
const restoreEntryVersion = ({ collection, id, number }: { collection: Collection; id: string; number: number }) =>
  apiRequest<RestoredEntryVersion>(`/owner/entries/${collection}/${id}/versions/${number}/restore`, {
    method: 'POST',
    body: {},
  });

export function useRestoreEntryVersion(collection: Collection) {
  return useMutation({ mutationFn: restoreEntryVersion, meta: { invalidates: [entriesKey(collection)] } });
}
