import { useMutation } from '@tanstack/react-query';
import type { ResponseData } from '../../../../shared/schemas/api.js';
import type { contentVersionSummaryResponseSchema } from '../../../../shared/schemas/content-store.js';
import { apiRequest } from '../../../shared/api/api-client.js';
import { contentVersionsKey } from './get-content-versions.js';

export type ContentVersionSummary = ResponseData<typeof contentVersionSummaryResponseSchema>;

/** Publishes the saved draft; refused with 422 and every problem (`ApiError.fieldErrors`) when it is not valid. */
const publishContent = ({ note }: { note?: string }) =>
  apiRequest<ContentVersionSummary>('/owner/content/publish', { method: 'POST', body: note ? { note } : {} });

export function usePublishContent() {
  return useMutation({
    mutationFn: publishContent,
    meta: { invalidates: [contentVersionsKey] },
  });
}
