import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { OWNER_PATHS } from '../../../../shared/paths.js';
import { COLLECTIONS, type Collection } from '../../../../shared/schemas/collections.js';
import siteStyles from '../site/site.module.css';
import { useEntries } from './api/get-entries.js';

/** The collections beside the sections on the studio's first screen: each with its counts by state. */
export function CollectionCards() {
  const { t } = useTranslation('studio');
  return (
    <section aria-labelledby="studio-collections">
      <h2 id="studio-collections" className="visually-hidden">
        {t('entries.collections_label')}
      </h2>
      <ul className={siteStyles.sections}>
        {COLLECTIONS.map((collection) => (
          <CollectionCard key={collection} collection={collection} />
        ))}
      </ul>
    </section>
  );
}

function CollectionCard({ collection }: { collection: Collection }) {
  const { t } = useTranslation('studio');
  const entries = useEntries(collection);
  const count = (state: 'draft' | 'scheduled' | 'published') =>
    entries.data?.filter((entry) => entry.state === state).length ?? 0;
  return (
    <li className={siteStyles.sectionCard}>
      <h3>
        <Link to={OWNER_PATHS[collection]} className={siteStyles.sectionLink}>
          {t(`entries.collections.${collection}`)}
        </Link>
      </h3>
      {entries.data && (
        <ul className={siteStyles.states}>
          <li className={siteStyles.stateQuiet}>{t('entries.count.published', { count: count('published') })}</li>
          {count('scheduled') > 0 && (
            <li className={siteStyles.stateChanged}>{t('entries.count.scheduled', { count: count('scheduled') })}</li>
          )}
          {count('draft') > 0 && (
            <li className={siteStyles.stateQuiet}>{t('entries.count.draft', { count: count('draft') })}</li>
          )}
        </ul>
      )}
    </li>
  );
}
