import { useMutation } from '@tanstack/react-query';
import type { CreateStatsShareBody, StatsShare } from '../../../../shared/schemas/stats-shares.js';
import { apiRequest } from '../../../shared/api/api-client.js';
import { getStatsSharesQueryOptions } from './get-stats-shares.js';

const createStatsShare = (body: CreateStatsShareBody) =>
  apiRequest<{ share: StatsShare; token: string }>('/owner/stats/shares', { method: 'POST', body });

/** Makes a link; its token is in the answer only (the server keeps its hash), so the card shows it once. */
export const useCreateStatsShare = () =>
  useMutation({ mutationFn: createStatsShare, meta: { invalidates: [getStatsSharesQueryOptions().queryKey] } });
