import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SiteAddressState } from '../../../../shared/schemas/site-address.js';
import { apiRequest } from '../../../shared/api/api-client.js';

const getSiteAddress = () => apiRequest<SiteAddressState>('/owner/site-address');

export const getSiteAddressQueryOptions = () => queryOptions({ queryKey: ['site-address'], queryFn: getSiteAddress });

/** The site's address, where it comes from (PUBLIC_URL, the owner's setting, or neither) and what pages use. */
export const useSiteAddress = () => useQuery(getSiteAddressQueryOptions());
