import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ResponseData } from '../../../../shared/schemas/api.js';
import type { altConfirmationsResponseSchema } from '../../../../shared/schemas/pictures.js';
import { apiRequest } from '../../../shared/api/api-client.js';

export type AltConfirmations = ResponseData<typeof altConfirmationsResponseSchema>;

const getAltConfirmations = () => apiRequest<AltConfirmations>('/owner/content/alt-confirmations');

export const altConfirmationsQueryOptions = () =>
  queryOptions({ queryKey: ['content', 'alt-confirmations'], queryFn: getAltConfirmations });

/** The owner's confirmations that a replaced picture's alt texts still fit it. */
export const useAltConfirmations = () => useQuery(altConfirmationsQueryOptions());
