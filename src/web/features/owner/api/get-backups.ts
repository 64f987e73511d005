import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Backups } from '../../../../shared/schemas/backups.js';
import { apiRequest } from '../../../shared/api/api-client.js';

const getBackups = () => apiRequest<Backups>('/owner/backups');

export const getBackupsQueryOptions = () => queryOptions({ queryKey: ['backups'], queryFn: getBackups });

/** The backup schedule, the last scheduled backup and a failure since, or that PostgreSQL's tools back the site up. */
export const useBackups = () => useQuery(getBackupsQueryOptions());
