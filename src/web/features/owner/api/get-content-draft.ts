import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ResponseData } from '../../../../shared/schemas/api.js';
import type { contentDraftResponseSchema } from '../../../../shared/schemas/content-store.js';
import { apiRequest } from '../../../shared/api/api-client.js';

/** The working draft (the published content when there is none) and the published version's summary. */
export type ContentDraftAnswer = ResponseData<typeof contentDraftResponseSchema>;

const getContentDraft = () => apiRequest<ContentDraftAnswer>('/owner/content/draft');

export const getContentDraftQueryOptions = () =>
  queryOptions({ queryKey: ['content', 'draft'], queryFn: getContentDraft, staleTime: Number.POSITIVE_INFINITY });

/** Read once per visit of the studio: from then on the editor holds the draft and saves it. */
export const useContentDraft = () => useQuery(getContentDraftQueryOptions());
