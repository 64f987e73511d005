import { Download } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { StatsQuery } from '../../../../shared/schemas/stats.js';
import { useExportStats } from '../api/export-stats.js';
import { downloadFile } from '../api/fetch-file.js';
import { useOwnerErrorText } from '../components/use-owner-error-text.js';
import styles from './export-button.module.css';

/**
 * The chosen period's figures as CSV (decision 044), made by the server (`GET /owner/stats/export`),
 * which also names the file: totals, the series, every breakdown, campaigns and CV downloads.
 */
export function ExportButton({ range, className }: { range: StatsQuery; className?: string }) {
  const { t } = useTranslation('owner');
  const exporter = useExportStats();
  const errorText = useOwnerErrorText();
  return (
    <div className={className}>
      <button
        type="button"
        className={styles.button}
        disabled={exporter.isPending}
        onClick={() => exporter.mutate(range, { onSuccess: ({ file, fileName }) => downloadFile(file, fileName) })}
      >
        <Download aria-hidden="true" size={18} />
        {t('stats.export')}
      </button>
      {exporter.error && (
        <p role="alert" className={styles.error}>
          {errorText(exporter.error)}
        </p>
      )}
    </div>
  );
}
