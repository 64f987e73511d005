import { useMutation } from '@tanstack/react-query';
import type { BackupSchedule, Backups } from '../../../../shared/schemas/backups.js';
import { apiRequest } from '../../../shared/api/api-client.js';
import { getBackupsQueryOptions } from './get-backups.js';

const updateBackupSchedule = (schedule: BackupSchedule) =>
  apiRequest<Backups>('/owner/backups/schedule', { method: 'PUT', body: schedule });

/** Saves how often the database is backed up and how many backups are kept; the card shows the answer. */
export function useUpdateBackupSchedule() {
  return useMutation({
    mutationFn: updateBackupSchedule,
    onSuccess: (backups, _schedule, _result, { client }) => {
      client.setQueryData(getBackupsQueryOptions().queryKey, backups);
    },
  });
}
