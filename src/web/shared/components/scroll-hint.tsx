import { ChevronsDown } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useScrolledPast } from '../lib/use-scrolled-past.js';
import styles from './scroll-hint.module.css';

/** Spec §2: on pages with several sections the scroll hint fades out once scrolled past 100 px. */
export function ScrollHint() {
  const { t } = useTranslation();
  const hidden = useScrolledPast(100);
  return (
    <div className={styles.hint} data-hidden={hidden} aria-hidden="true" data-testid="scroll-hint">
      <span>{t('others.scroll_hint')}</span>
      <ChevronsDown size={18} />
    </div>
  );
}
