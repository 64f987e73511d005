import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { OWNER_PATHS } from '../../../../shared/paths.js';
import { CollectionCards } from '../entries/collection-cards.js';
import { useDraftEditor } from './draft-context.js';
import { missingTranslations, SECTION_NAMES } from './form-model.js';
import { PublishPanel } from './publish-panel.js';
import styles from './site.module.css';
import { useDraftChanges } from './use-draft-changes.js';

/** The sections with their state (unpublished changes, problems, missing translations), and the draft as a whole. */
export function SiteOverview() {
  const { t } = useTranslation('studio');
  const { snapshot, problems } = useDraftEditor();
  const changes = useDraftChanges();

  return (
    <div className={styles.page}>
      <h1>{t('title')}</h1>
      <p className={styles.muted}>{t('intro')}</p>
      <section aria-labelledby="studio-sections">
        <h2 id="studio-sections" className="visually-hidden">
          {t('sections_label')}
        </h2>
        <ul className={styles.sections}>
          {SECTION_NAMES.map((section) => {
            const changed = changes?.find((entry) => entry.section === section)?.changes.length ?? 0;
            const problemCount = [...problems.keys()].filter(
              (field) => field === section || field.startsWith(`${section}.`),
            ).length;
            const missing = missingTranslations(section, snapshot.content).length;
            return (
              <li key={section} className={styles.sectionCard}>
                <h3>
                  <Link to={`${OWNER_PATHS.site}/${section}`} className={styles.sectionLink}>
                    {t(`sections.${section}`)}
                  </Link>
                </h3>
                <ul className={styles.states}>
                  <li className={changed > 0 ? styles.stateChanged : styles.stateQuiet}>
                    {changed > 0 ? t('state.changed', { count: changed }) : t('state.unchanged')}
                  </li>
                  {problemCount > 0 && (
                    <li className={styles.stateProblem}>{t('state.problems', { count: problemCount })}</li>
                  )}
                  {missing > 0 && <li className={styles.stateProblem}>{t('state.missing', { count: missing })}</li>}
                </ul>
              </li>
            );
          })}
        </ul>
      </section>
      <CollectionCards />
      <p className={styles.links}>
        <Link to={`${OWNER_PATHS.site}/translations`}>{t('translations.link')}</Link>
      </p>
      <PublishPanel />
    </div>
  );
}
