import { ArrowLeft } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { OWNER_PATHS } from '../../../../shared/paths.js';
import styles from './site.module.css';

/**
 * The top of every studio screen: the way back and the screen's title in one row (on a phone the way
 * back is its arrow, named for screen readers). `to` is the sections' overview unless given.
 */
export function StudioHeader({ title, back, to = OWNER_PATHS.site }: { title: string; back: string; to?: string }) {
  return (
    <div className={styles.studioHeader}>
      <Link to={to} className={styles.back}>
        <ArrowLeft aria-hidden="true" size={18} />
        <span className={styles.backText}>{back}</span>
      </Link>
      <h1>{title}</h1>
    </div>
  );
}

/** The top of a studio page beside the sections: the way back to the overview, its title and what it is for. */
export function StudioPageTitle({ title, intro }: { title: string; intro: string }) {
  const { t } = useTranslation('studio');
  return (
    <>
      <StudioHeader title={title} back={t('back')} />
      <p className={styles.muted}>{intro}</p>
    </>
  );
}
