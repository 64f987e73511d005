import { Check } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { OWNER_PATHS } from '../../../../shared/paths.js';
import type { SetupChecklistItem } from '../../../../shared/schemas/setup-checklist.js';
import { useSetupChecklist } from '../api/get-setup-checklist.js';
import { useUpdateSetupChecklist } from '../api/update-setup-checklist.js';
import { ErrorMessage } from '../components/error-message.js';
import styles from './setup-checklist.module.css';

/** Where each step is taken: a card of Settings (by its heading's id), or the studio. */
const STEP_PLACES: Record<SetupChecklistItem, string> = {
  password: `${OWNER_PATHS.settings}#owner-password-title`,
  site_address: `${OWNER_PATHS.settings}#owner-site-address-title`,
  notifications: `${OWNER_PATHS.settings}#owner-notifications-title`,
  test_message: `${OWNER_PATHS.settings}#owner-notifications-title`,
  second_factor: `${OWNER_PATHS.settings}#owner-second-factor-title`,
  content_reviewed: OWNER_PATHS.site,
};

/**
 * The set-up checklist on the owner's home (issue 28, item 2): each step with its place, done ones
 * marked with a tick and the word, until the owner hides the finished list (it never comes back).
 */
export function SetupChecklist({ className }: { className?: string }) {
  const { t } = useTranslation('owner');
  const { data: checklist } = useSetupChecklist();
  const update = useUpdateSetupChecklist();
  if (!checklist || checklist.hidden) return null;
  const done = checklist.items.filter((item) => item.done).length;
  const total = checklist.items.length;
  const allDone = done === total;

  return (
    <section className={[styles.card, className].filter(Boolean).join(' ')} aria-labelledby="owner-checklist-title">
      <div className={styles.head}>
        <h2 id="owner-checklist-title">{t('checklist.title')}</h2>
        <p className={styles.progress}>{t('checklist.progress', { done, total })}</p>
      </div>
      <p className={styles.muted}>{allDone ? t('checklist.all_done') : t('checklist.intro')}</p>
      <ol className={styles.steps}>
        {checklist.items.map((item) => (
          <li key={item.id} className={item.done ? `${styles.step} ${styles.done}` : styles.step}>
            <span className={styles.mark} aria-hidden="true">
              {item.done && <Check size={16} strokeWidth={3} />}
            </span>
            <span className={styles.text}>
              <Link to={STEP_PLACES[item.id]} className={styles.link}>
                {t(`checklist.items.${item.id}.title`)}
              </Link>
              <span className={styles.muted}>{t(`checklist.items.${item.id}.text`)}</span>
            </span>
            <span className={styles.state}>{item.done ? t('checklist.done') : t('checklist.to_do')}</span>
            {item.id === 'content_reviewed' && !item.done && (
              <button
                type="button"
                className={styles.button}
                disabled={update.isPending}
                onClick={() => update.mutate('content-reviewed')}
              >
                {t('checklist.mark_reviewed')}
              </button>
            )}
          </li>
        ))}
      </ol>
      {allDone && (
        <div>
          <button
            type="button"
            className={styles.button}
            disabled={update.isPending}
            onClick={() => update.mutate('hide')}
          >
            {t('checklist.hide')}
          </button>
        </div>
      )}
      <ErrorMessage error={update.error} />
    </section>
  );
}
