import { Plus } from 'lucide-react';
import { type ReactNode, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { HTML_LANG, LOCALES, type Locale } from '../../../../shared/locales.js';
import { OWNER_PATHS } from '../../../../shared/paths.js';
import type { Collection } from '../../../../shared/schemas/collections.js';
import type { EntryListItem } from '../../../../shared/schemas/entry-store.js';
import { useLocale } from '../../../shared/lib/use-locale.js';
import { ErrorMessage } from '../components/error-message.js';
import { useEntryDayFormat } from '../components/use-date-format.js';
import fieldStyles from '../site/field-editor.module.css';
import siteStyles from '../site/site.module.css';
import { StudioPageTitle } from '../site/studio-page-title.js';
import { useEntries } from './api/get-entries.js';
import styles from './entries.module.css';
import { NewEntryDialog } from './new-entry-dialog.js';

const STATES = ['draft', 'scheduled', 'published'] as const;
type StateFilter = (typeof STATES)[number] | 'all';
type Sort = 'date' | 'title';

/** An entry's title in the interface language, else its first language's, else its address. */
export function entryTitle(entry: Pick<EntryListItem, 'titles' | 'slug'>, locale: Locale): string {
  return entry.titles[locale] ?? LOCALES.map((other) => entry.titles[other]).find(Boolean) ?? entry.slug;
}

/** Entries in the alphabet of the interface language: Uzbek puts Oʻ, Gʻ, Sh and Ch after Z. */
export function byTitle(locale: Locale): (a: EntryListItem, b: EntryListItem) => number {
  const collator = new Intl.Collator(HTML_LANG[locale]);
  return (a, b) => collator.compare(entryTitle(a, locale), entryTitle(b, locale));
}

/**
 * A collection's entries (notes or projects): searched by title in any language, filtered by state,
 * tag and language, sorted by date or title, each with its state, languages and unpublished edits.
 */
export function CollectionList({ collection }: { collection: Collection }) {
  const { t } = useTranslation('studio');
  const locale = useLocale();
  const formatDay = useEntryDayFormat();
  const entries = useEntries(collection);
  const [search, setSearch] = useState('');
  const [state, setState] = useState<StateFilter>('all');
  const [tag, setTag] = useState('');
  const [language, setLanguage] = useState<Locale | ''>('');
  const [sort, setSort] = useState<Sort>('date');
  const [creating, setCreating] = useState(false);
  const searchId = useId();

  const tags = useMemo(
    () => [...new Set(entries.data?.flatMap((entry) => entry.tags) ?? [])].sort((a, b) => a.localeCompare(b)),
    [entries.data],
  );
  const shown = useMemo(() => {
    const words = search.trim().toLocaleLowerCase();
    const rows = (entries.data ?? []).filter(
      (entry) =>
        (state === 'all' || entry.state === state) &&
        (tag === '' || entry.tags.includes(tag)) &&
        (language === '' || entry.languages.includes(language)) &&
        (words === '' ||
          entry.slug.includes(words) ||
          Object.values(entry.titles).some((title) => title?.toLocaleLowerCase().includes(words))),
    );
    if (sort === 'title') {
      return rows.sort(byTitle(locale));
    }
    return rows;
  }, [entries.data, search, state, tag, language, sort, locale]);

  return (
    <div className={siteStyles.page}>
      <StudioPageTitle title={t(`entries.collections.${collection}`)} intro={t(`entries.intro.${collection}`)} />
      <div className={siteStyles.actions}>
        <button type="button" className={siteStyles.primary} aria-haspopup="dialog" onClick={() => setCreating(true)}>
          <Plus aria-hidden="true" size={18} />
          {t(`entries.new.${collection}`)}
        </button>
      </div>
      <search className={styles.filters}>
        <div className={fieldStyles.field}>
          <label htmlFor={searchId} className={fieldStyles.label}>
            {t('entries.search')}
          </label>
          <input
            id={searchId}
            type="search"
            className={fieldStyles.input}
            value={search}
            onChange={(event) => setSearch(event.target.value)}
          />
        </div>
        <FilterSelect
          label={t('entries.filter_state')}
          value={state}
          onChange={(value) => setState(value as StateFilter)}
        >
          <option value="all">{t('entries.all')}</option>
          {STATES.map((option) => (
            <option key={option} value={option}>
              {t(`entries.states.${option}`)}
            </option>
          ))}
        </FilterSelect>
        <FilterSelect label={t('entries.filter_tag')} value={tag} onChange={setTag}>
          <option value="">{t('entries.all')}</option>
          {tags.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </FilterSelect>
        <FilterSelect
          label={t('entries.filter_language')}
          value={language}
          onChange={(value) => setLanguage(value as Locale | '')}
        >
          <option value="">{t('entries.all')}</option>
          {LOCALES.map((option) => (
            <option key={option} value={option}>
              {t(`languages.${option}`)}
            </option>
          ))}
        </FilterSelect>
        <FilterSelect label={t('entries.sort')} value={sort} onChange={(value) => setSort(value as Sort)}>
          <option value="date">{t('entries.sort_date')}</option>
          <option value="title">{t('entries.sort_title')}</option>
        </FilterSelect>
      </search>
      <ErrorMessage error={entries.error ? t('load_failed') : undefined} />
      {entries.isPending && <p className={siteStyles.muted}>{t('loading')}</p>}
      {entries.data && (
        <p role="status" className={siteStyles.muted}>
          {t('entries.shown', { count: shown.length, total: entries.data.length })}
        </p>
      )}
      {entries.data?.length === 0 && <p>{t(`entries.empty.${collection}`)}</p>}
      <ul className={styles.entryList}>
        {shown.map((entry) => (
          <li key={entry.id} className={styles.entryCard}>
            <h2 className={styles.entryTitle}>
              <Link to={`${OWNER_PATHS[collection]}/${entry.id}`}>{entryTitle(entry, locale)}</Link>
            </h2>
            <p className={siteStyles.muted}>
              <span className={styles[`state_${entry.state}`]}>{t(`entries.states.${entry.state}`)}</span>
              {entry.date && (
                <>
                  {' · '}
                  <time dateTime={entry.date}>{formatDay(entry.date)}</time>
                </>
              )}
              {' · '}
              {entry.languages.length > 0
                ? entry.languages.map((code) => t(`languages.${code}`)).join(', ')
                : t('entries.no_languages')}
              {entry.unpublished && (
                <>
                  {' · '}
                  <strong>{t('entries.unpublished')}</strong>
                </>
              )}
            </p>
            {entry.tags.length > 0 && (
              <p className={styles.tags}>{t('entries.tags_line', { tags: entry.tags.join(', ') })}</p>
            )}
          </li>
        ))}
      </ul>
      <NewEntryDialog collection={collection} open={creating} onClose={() => setCreating(false)} />
    </div>
  );
}

/** One of the list's filters: a labelled choice among `children`, styled as the studio's fields. */
function FilterSelect({
  label,
  value,
  onChange,
  children,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <div className={fieldStyles.field}>
      <label htmlFor={id} className={fieldStyles.label}>
        {label}
      </label>
      <select id={id} className={fieldStyles.input} value={value} onChange={(event) => onChange(event.target.value)}>
        {children}
      </select>
    </div>
  );
}
