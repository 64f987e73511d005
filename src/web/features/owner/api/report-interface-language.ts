import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { Locale } from '../../../../shared/locales.js';
import type { Notices } from '../../../../shared/schemas/notices.js';
import { apiRequest } from '../../../shared/api/api-client.js';
import { getNoticesQueryOptions } from './get-notices.js';

const reportInterfaceLanguage = (language: Locale) =>
  apiRequest<Notices>('/owner/interface-language', { method: 'PUT', body: { language } });

/**
 * Tells the server the owner area's language when signed in and whenever it changes: notices follow
 * it unless the owner chose another language (decision 037). A failure is not the owner's concern
 * here; the next sign-in or change reports it again.
 */
export function useReportInterfaceLanguage(signedIn: boolean, language: Locale) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!signedIn) return;
    reportInterfaceLanguage(language).then(
      (notices) => queryClient.setQueryData(getNoticesQueryOptions().queryKey, notices),
      () => undefined,
    );
  }, [signedIn, language, queryClient]);
}
