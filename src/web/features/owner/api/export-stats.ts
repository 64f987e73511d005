import { useMutation } from '@tanstack/react-query';
import { API_PREFIX } from '../../../../shared/http.js';
import type { StatsQuery } from '../../../../shared/schemas/stats.js';
import { fetchFile } from './fetch-file.js';

/** The dashboard's figures for a range as CSV; the server names the file after its days. */
const fetchStatsExport = ({ from, to }: StatsQuery) =>
  fetchFile(`${API_PREFIX}/owner/stats/export?${new URLSearchParams({ from, to })}`, `statistics-${from}-to-${to}.csv`);

export const useExportStats = () => useMutation({ mutationFn: fetchStatsExport });
