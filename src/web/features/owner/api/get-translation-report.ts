import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ResponseData } from '../../../../shared/schemas/api.js';
import type { translationReportResponseSchema } from '../../../../shared/schemas/content-translations.js';
import { apiRequest } from '../../../shared/api/api-client.js';

export type TranslationReportAnswer = ResponseData<typeof translationReportResponseSchema>;

export const translationReportKey = ['content', 'translations'] as const;

const getTranslationReport = () => apiRequest<TranslationReportAnswer>('/owner/content/translations');

const getTranslationReportQueryOptions = () =>
  queryOptions({ queryKey: translationReportKey, queryFn: getTranslationReport });

/** The saved draft's translation report; `enabled` once the draft on screen is saved, so the report is about it. */
export const useTranslationReport = (enabled: boolean) => useQuery({ ...getTranslationReportQueryOptions(), enabled });
