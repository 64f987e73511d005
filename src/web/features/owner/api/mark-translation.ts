import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { translationMarkBodySchema } from '../../../../shared/schemas/content-translations.js';
import { apiRequest } from '../../../shared/api/api-client.js';
import { type TranslationReportAnswer, translationReportKey } from './get-translation-report.js';

type TranslationMark = z.infer<typeof translationMarkBodySchema>;

/** Marks a field "same in every language" (or unmarks it); the answer is the report as it is now. */
const markTranslation = (mark: TranslationMark) =>
  apiRequest<TranslationReportAnswer>('/owner/content/translations/marks', { method: 'PUT', body: mark });

export function useMarkTranslation() {
  return useMutation({
    mutationFn: markTranslation,
    meta: { updates: translationReportKey },
  });
}
