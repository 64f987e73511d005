import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Locale } from '../../../../../shared/locales.js';
import type { ResponseData } from '../../../../../shared/schemas/api.js';
import type { Collection } from '../../../../../shared/schemas/collections.js';
import type { entryPreviewResponseSchema } from '../../../../../shared/schemas/entry-store.js';
import { apiRequest } from '../../../../shared/api/api-client.js';
import { entriesKey } from './get-entries.js';

export type EntryPreview = ResponseData<typeof entryPreviewResponseSchema>;

/**
 * One language's body as the server renders it on publish (sanitized, highlighted, headings with ids),
 * asked again when the text changes; the last rendering stays shown while the next one comes.
 */
export const useEntryPreview = (collection: Collection, id: string, locale: Locale, body: string | undefined) =>
  useQuery(
    queryOptions({
      queryKey: [...entriesKey(collection), 'preview', id, locale, body],
      queryFn: ({ signal }) =>
        apiRequest<EntryPreview>(`/owner/entries/${collection}/${id}/preview`, {
          method: 'POST',
          body: { bodies: { [locale]: body ?? '' } },
          signal,
        }),
      enabled: body !== undefined,
      placeholderData: keepPreviousData,
      staleTime: Number.POSITIVE_INFINITY,
    }),
  );
