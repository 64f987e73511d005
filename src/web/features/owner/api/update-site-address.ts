import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SiteAddressBody, SiteAddressState } from '../../../../shared/schemas/site-address.js';
import { apiRequest } from '../../../shared/api/api-client.js';
import { getSiteAddressQueryOptions } from './get-site-address.js';

const updateSiteAddress = (body: SiteAddressBody) =>
  apiRequest<SiteAddressState>('/owner/site-address', { method: 'PUT', body });

/** Saves the site's address; the banner and the set-up checklist see it at once. */
export function useUpdateSiteAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSiteAddress,
    onSuccess: (state) => {
      queryClient.setQueryData(getSiteAddressQueryOptions().queryKey, state);
      return queryClient.invalidateQueries({ queryKey: ['setup-checklist'] });
    },
  });
}
