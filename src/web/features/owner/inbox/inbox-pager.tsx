import { useTranslation } from 'react-i18next';
import styles from './inbox-pager.module.css';

/** Previous and next page, with where the owner is; nothing when everything fits one page. */
export function InboxPager({ page, pages, onGo }: { page: number; pages: number; onGo: (page: number) => void }) {
  const { t } = useTranslation('owner');
  if (pages <= 1) return null;
  return (
    <nav className={styles.pager} aria-label={t('inbox.page', { page, pages })}>
      <button type="button" className={styles.step} disabled={page <= 1} onClick={() => onGo(page - 1)}>
        {t('inbox.previous')}
      </button>
      <span>{t('inbox.page', { page, pages })}</span>
      <button type="button" className={styles.step} disabled={page >= pages} onClick={() => onGo(page + 1)}>
        {t('inbox.next')}
      </button>
    </nav>
  );
}
