import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LOCALES } from '../../../../shared/locales.js';
import { OWNER_PATHS } from '../../../../shared/paths.js';
import { COLLECTIONS, type Collection } from '../../../../shared/schemas/collections.js';
import { useLocale } from '../../../shared/lib/use-locale.js';
import siteStyles from '../site/site.module.css';
import reportStyles from '../site/translation-report.module.css';
import { useEntries } from './api/get-entries.js';
import { entryTitle } from './collection-list.js';

/**
 * The notes and projects in the translation report: each published entry and the languages it lacks
 * (an entry may exist in some languages only, so a lack is reported, not counted as a problem).
 */
export function EntriesTranslations() {
  const { t } = useTranslation('studio');
  return (
    <>
      {COLLECTIONS.map((collection) => (
        <CollectionTranslations key={collection} collection={collection} />
      ))}
      <p className={siteStyles.muted}>{t('entries.translations_hint')}</p>
    </>
  );
}

function CollectionTranslations({ collection }: { collection: Collection }) {
  const { t } = useTranslation('studio');
  const locale = useLocale();
  const entries = useEntries(collection);
  const lacking = (entries.data ?? [])
    .filter((entry) => entry.latestVersion !== null)
    .map((entry) => ({ entry, missing: LOCALES.filter((language) => !entry.languages.includes(language)) }))
    .filter(({ missing }) => missing.length > 0);
  const titleId = `translations-${collection}`;
  return (
    <section className={reportStyles.section} aria-labelledby={titleId}>
      <h2 id={titleId}>{t(`entries.collections.${collection}`)}</h2>
      {entries.data && lacking.length === 0 && <p className={reportStyles.done}>{t('translations.section_done')}</p>}
      {lacking.length > 0 && (
        <ul>
          {lacking.map(({ entry, missing }) => (
            <li key={entry.id}>
              <Link to={`${OWNER_PATHS[collection]}/${entry.id}`}>{entryTitle(entry, locale)}</Link>
              {' — '}
              {t('entries.no_version', { languages: missing.map((code) => t(`languages.${code}`)).join(', ') })}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
