import { ArrowLeft } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { OWNER_PATHS } from '../../../../shared/paths.js';
import styles from './site.module.css';

/** The top of a studio page beside the sections: the way back to the overview, its title and what it is for. */
export function StudioPageTitle({ title, intro }: { title: string; intro: string }) {
  const { t } = useTranslation('studio');
  return (
    <>
      <Link to={OWNER_PATHS.site} className={styles.back}>
        <ArrowLeft aria-hidden="true" size={18} />
        {t('back')}
      </Link>
      <h1>{title}</h1>
      <p className={styles.muted}>{intro}</p>
    </>
  );
}
