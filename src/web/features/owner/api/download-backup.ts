import { useMutation } from '@tanstack/react-query';
import { API_PREFIX } from '../../../../shared/http.js';
import { fetchFile } from './fetch-file.js';

/** A backup of the database made now (`sahifa-<time>.sqlite`); it needs a recent re-authentication. */
export const useDownloadBackup = () =>
  useMutation({ mutationFn: () => fetchFile(`${API_PREFIX}/owner/backups/download`, 'sahifa.sqlite') });
