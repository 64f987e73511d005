import { toCsv } from '../../../../shared/csv.js';
import type { Stats } from '../../../../shared/schemas/stats.js';

/**
 * The CSV export of the graph's series, made in the browser from the figures on screen: they are
 * exactly what the owner looks at, and no second route has to count them again. The same format as
 * the inbox export (UTF-8 with a byte-order mark, CRLF), with machine-readable headers.
 */
export function seriesCsv(stats: Pick<Stats, 'interval' | 'series'>): string {
  if (stats.interval === 'hour') {
    return toCsv(
      ['day', 'hour_utc', 'visitors', 'visits'],
      stats.series.map((point) => [point.day, point.hour ?? 0, point.visitors, point.visits]),
    );
  }
  return toCsv(
    ['day', 'visitors', 'visits'],
    stats.series.map((point) => [point.day, point.visitors, point.visits]),
  );
}

export function seriesFileName({ from, to }: Pick<Stats, 'from' | 'to'>): string {
  return from === to ? `visits-${from}.csv` : `visits-${from}-to-${to}.csv`;
}

/** Hands a text to the browser as a download (a Blob: no request, nothing stored on the server). */
export function downloadText(text: string, fileName: string, type = 'text/csv;charset=utf-8'): void {
  downloadFile(new Blob([text], { type }), fileName);
}

/** Hands a file already in memory to the browser as a download. */
export function downloadFile(file: Blob, fileName: string): void {
  const url = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  // The click has handed the Blob to the download by the next task; then it can go.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
