import { Plus, Trash2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { HTML_LANG, LOCALES, type Locale } from '../../../../shared/locales.js';
import { OWNER_PATHS } from '../../../../shared/paths.js';
import { COLLECTION_PATHS, PROJECT_LINK_KINDS } from '../../../../shared/schemas/collections.js';
import { useLocale } from '../../../shared/lib/use-locale.js';
import { useDateFormat } from '../components/use-date-format.js';
import fieldStyles from '../site/field-editor.module.css';
import { PhoneLanguageSwitcher } from '../site/phone-language-switcher.js';
import { SegmentedChoice } from '../site/segmented-choice.js';
import siteStyles from '../site/site.module.css';
import { StudioHeader } from '../site/studio-page-title.js';
import styles from './entries.module.css';
import { useEntryEditor } from './entry-editor-context.js';
import { EntryField, EntryListField, EntryTextField, LanguageColumns } from './entry-fields.js';
import {
  draftLanguages,
  entryFieldId,
  fromLocalInput,
  futureDate,
  LANGUAGE_FIELDS,
  setLanguageText,
  toLocalInput,
  valueAt,
} from './entry-model.js';
import { EntryPicture } from './entry-picture.js';
import { MarkdownBody } from './markdown-body.js';

/** Asks the open editor to show and focus a field (a problem's link): its language's column and body first. */
const FOCUS_EVENT = 'sahifa-entry-focus';
export function focusEntryField(path: string) {
  window.dispatchEvent(new CustomEvent(FOCUS_EVENT, { detail: path }));
}

/** The way back to a collection's list and the entry's name, in one row. */
export function EntryHeader({ title }: { title: string }) {
  const { t } = useTranslation('studio');
  const { collection } = useEntryEditor();
  return <StudioHeader title={title} back={t(`entries.back.${collection}`)} to={OWNER_PATHS[collection]} />;
}

/** The entry's name in the interface language, else in any language it has, else its address. */
export function useEntryTitle(): string {
  const { snapshot } = useEntryEditor();
  const locale = useLocale();
  const titles = [locale, ...LOCALES].map((candidate) => valueAt(snapshot.content, ['text', candidate, 'title']));
  const title = titles.find((candidate): candidate is string => typeof candidate === 'string' && candidate !== '');
  const slug = valueAt(snapshot.content, ['slug']);
  return title ?? (typeof slug === 'string' ? slug : '');
}

/**
 * An entry's editor: the address and publishing (slug, status, date, tags, cover, and a project's
 * group, year, stack, links and gallery), the texts in three languages side by side, and the Markdown
 * body of one language at a time beside the server's rendering of it. Everything autosaves.
 */
export function EntryEditor() {
  const { t } = useTranslation('studio');
  const { collection, snapshot, store } = useEntryEditor();
  const interfaceLanguage = useLocale();
  const languages = [interfaceLanguage, ...LOCALES.filter((locale) => locale !== interfaceLanguage)];
  const [phoneLanguage, setPhoneLanguage] = useState<Locale>(interfaceLanguage);
  const written = draftLanguages(snapshot.content);
  const [bodyLanguage, setBodyLanguage] = useState<Locale>(written[0] ?? interfaceLanguage);
  const title = useEntryTitle();

  useEffect(() => {
    const onFocus = (event: Event) => {
      const path = String((event as CustomEvent).detail);
      const segments = path.split('.');
      const locale = segments.find((segment): segment is Locale => (LOCALES as readonly string[]).includes(segment));
      if (locale) setPhoneLanguage(locale);
      if (locale && segments[0] === 'text' && segments[2] === 'body') setBodyLanguage(locale);
      // After the language shows (and the body's editor may still be loading): the field, or the nearest group.
      const focus = (tries: number) => {
        let target: HTMLElement | null = null;
        for (let parts = segments; !target && parts.length > 0; parts = parts.slice(0, -1)) {
          target = document.getElementById(entryFieldId(parts.join('.')));
        }
        if (!target && tries > 0) {
          setTimeout(() => focus(tries - 1), 100);
          return;
        }
        target?.focus();
        target?.scrollIntoView({ block: 'center' });
      };
      requestAnimationFrame(() => focus(20));
    };
    window.addEventListener(FOCUS_EVENT, onFocus);
    return () => window.removeEventListener(FOCUS_EVENT, onFocus);
  }, []);

  return (
    <div className={siteStyles.page}>
      <EntryHeader title={title} />
      <EntryStateLine />
      <form className={styles.form} aria-label={title} noValidate onSubmit={(event) => event.preventDefault()}>
        <fieldset className={fieldStyles.group} id={entryFieldId('shared')} tabIndex={-1}>
          <legend className={fieldStyles.legend}>{t('entries.shared_title')}</legend>
          <EntryTextField
            path={['slug']}
            label={t('entries.fields.slug')}
            hint={t('entries.slug_hint', { path: `${COLLECTION_PATHS[collection]}/…` })}
            maxLength={80}
          />
          <StatusField />
          <DateField />
          <EntryListField path={['tags']} label={t('entries.fields.tags')} hint={t('entries.list_hint')} />
          <EntryPicture path={['cover']} label={t('entries.fields.cover')} hint={t('entries.cover_hint')} />
          {collection === 'projects' && <ProjectFields />}
        </fieldset>

        <fieldset className={styles.texts} id={entryFieldId('text')} tabIndex={-1}>
          <legend className={fieldStyles.legend}>{t('entries.texts_title')}</legend>
          <p className={fieldStyles.hint}>{t('entries.texts_hint')}</p>
          <PhoneLanguageSwitcher languages={languages} value={phoneLanguage} onChange={setPhoneLanguage} />
          {LANGUAGE_FIELDS[collection].map((field) => (
            <LanguageColumns
              key={field}
              label={t(`entries.fields.${field}`)}
              hint={field === 'cover_alt' ? t('entries.cover_alt_hint') : undefined}
              languages={languages}
              phoneLanguage={phoneLanguage}
              pathOf={(locale) => ['text', locale, field]}
              render={(locale, control) => {
                const value = valueAt(snapshot.content, ['text', locale, field]);
                const props = {
                  id: control.id,
                  lang: HTML_LANG[locale],
                  className: fieldStyles.input,
                  'aria-labelledby': control.labelledBy,
                  'aria-describedby': control.describedBy,
                  value: typeof value === 'string' ? value : '',
                  onBlur: () => store.leaveField(),
                };
                const set = (next: string) =>
                  store.edit(setLanguageText(store.getSnapshot().content, locale, field, next));
                return field === 'summary' ? (
                  <textarea {...props} rows={3} onChange={(event) => set(event.target.value)} />
                ) : (
                  <input {...props} onChange={(event) => set(event.target.value)} />
                );
              }}
            />
          ))}
        </fieldset>

        <section className={styles.bodies} aria-labelledby="entry-body-title">
          <h2 id="entry-body-title" className={styles.sectionTitle}>
            {t('entries.fields.body')}
          </h2>
          <SegmentedChoice
            label={t('entries.body_language')}
            className={styles.bodyLanguages}
            values={languages}
            text={(locale) => t(`languages.${locale}`)}
            value={bodyLanguage}
            onChange={setBodyLanguage}
          />
          <MarkdownBody key={bodyLanguage} locale={bodyLanguage} />
        </section>

        {collection === 'projects' && <Gallery languages={languages} phoneLanguage={phoneLanguage} />}
      </form>
    </div>
  );
}

/** Draft, scheduled (with when) or published, as visitors will see the entry once it is published. */
function EntryStateLine() {
  const { t } = useTranslation('studio');
  const { snapshot, collection, published } = useEntryEditor();
  const formatDate = useDateFormat();
  const status = valueAt(snapshot.content, ['status']);
  const date = valueAt(snapshot.content, ['date']);
  const slug = valueAt(snapshot.content, ['slug']);
  const future = futureDate(date);
  let state: string;
  if (status !== 'published') state = t('entries.state_line.draft');
  else if (future) state = t('entries.state_line.scheduled', { date: formatDate(future) });
  else state = t('entries.state_line.published');
  return (
    <div className={styles.stateLine}>
      <p className={siteStyles.muted}>
        {state}{' '}
        {published ? t('entries.state_line.version', { number: published.number }) : t('entries.state_line.never')}
      </p>
      <p className={siteStyles.links}>
        <Link to="history">{t('history.title')}</Link>
        {published && typeof slug === 'string' && (
          <a href={`${COLLECTION_PATHS[collection]}/${slug}`}>{t('entries.open_page')}</a>
        )}
      </p>
    </div>
  );
}

function StatusField() {
  const { t } = useTranslation('studio');
  const { snapshot, change, store } = useEntryEditor();
  const value = valueAt(snapshot.content, ['status']);
  return (
    <EntryField path={['status']} label={t('entries.fields.status')} hint={t('entries.status_hint')}>
      {({ id, describedBy, invalid }) => (
        <select
          id={id}
          className={fieldStyles.input}
          aria-describedby={describedBy}
          aria-invalid={invalid}
          value={value === 'published' ? 'published' : 'draft'}
          onChange={(event) => change(['status'], event.target.value)}
          onBlur={() => store.leaveField()}
        >
          <option value="draft">{t('entries.states.draft')}</option>
          <option value="published">{t('entries.states.published')}</option>
        </select>
      )}
    </EntryField>
  );
}

/** The date and time, in this browser's zone; a date still to come schedules a published entry. */
function DateField() {
  const { t } = useTranslation('studio');
  const { snapshot, change, store } = useEntryEditor();
  const formatDate = useDateFormat();
  const value = valueAt(snapshot.content, ['date']);
  const status = valueAt(snapshot.content, ['status']);
  const future = futureDate(value);
  const when = future ? formatDate(future) : undefined;
  const hint = when
    ? status === 'published'
      ? t('entries.scheduled', { date: when })
      : t('entries.will_schedule', { date: when })
    : t('entries.date_hint');
  return (
    <EntryField path={['date']} label={t('entries.fields.date')} hint={hint}>
      {({ id, describedBy, invalid }) => (
        <input
          id={id}
          type="datetime-local"
          className={fieldStyles.input}
          aria-describedby={describedBy}
          aria-invalid={invalid}
          value={toLocalInput(value)}
          onChange={(event) => {
            const next = fromLocalInput(event.target.value);
            if (next) change(['date'], next);
          }}
          onBlur={() => store.leaveField()}
        />
      )}
    </EntryField>
  );
}

/** A project's own shared fields: its group, year, stack and links. */
function ProjectFields() {
  const { t } = useTranslation('studio');
  const { snapshot, change, store } = useEntryEditor();
  const year = valueAt(snapshot.content, ['year']);
  return (
    <>
      <EntryTextField path={['group']} label={t('entries.fields.group')} hint={t('entries.group_hint')} />
      <EntryField path={['year']} label={t('entries.fields.year')}>
        {({ id, describedBy, invalid }) => (
          <input
            id={id}
            type="number"
            inputMode="numeric"
            min={1950}
            max={2100}
            className={fieldStyles.number}
            aria-describedby={describedBy}
            aria-invalid={invalid}
            value={typeof year === 'number' ? year : ''}
            onChange={(event) => change(['year'], event.target.value === '' ? null : Number(event.target.value))}
            onBlur={() => store.leaveField()}
          />
        )}
      </EntryField>
      <EntryListField path={['stack']} label={t('entries.fields.stack')} hint={t('entries.list_hint')} />
      {PROJECT_LINK_KINDS.map((kind) => (
        <EntryTextField
          key={kind}
          path={['links', kind]}
          type="url"
          optional
          label={t(`entries.links.${kind}`)}
          hint={kind === 'live' ? t('entries.link_hint') : undefined}
        />
      ))}
    </>
  );
}

/** A project's gallery: pictures with a caption in each language the project has (the caption is its alt text). */
function Gallery({ languages, phoneLanguage }: { languages: readonly Locale[]; phoneLanguage: Locale }) {
  const { t } = useTranslation('studio');
  const { snapshot, change, store } = useEntryEditor();
  const value = valueAt(snapshot.content, ['gallery']);
  const items = Array.isArray(value) ? value : [];
  return (
    <fieldset className={fieldStyles.list} id={entryFieldId('gallery')} tabIndex={-1}>
      <legend className={fieldStyles.legend}>
        {t('entries.fields.gallery')} <span className={fieldStyles.muted}>({items.length})</span>
      </legend>
      <p className={fieldStyles.hint}>{t('entries.gallery_hint')}</p>
      {items.length === 0 && <p className={fieldStyles.muted}>{t('list.empty')}</p>}
      <ol className={fieldStyles.items}>
        {items.map((_, index) => {
          const name = t('entries.gallery_item', { number: index + 1 });
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: gallery items have no identity; the path is the index
            <li key={index} className={fieldStyles.itemPlace}>
              <fieldset className={fieldStyles.item} aria-label={name}>
                <div className={fieldStyles.itemBar}>
                  <span className={fieldStyles.itemName}>{name}</span>
                  <button
                    type="button"
                    className={fieldStyles.iconButton}
                    aria-label={t('list.remove', { item: name })}
                    onClick={() =>
                      change(
                        ['gallery'],
                        items.filter((__, other) => other !== index),
                      )
                    }
                  >
                    <Trash2 aria-hidden="true" size={18} />
                  </button>
                </div>
                <EntryPicture path={['gallery', index, 'image']} label={t('entries.fields.image')} />
                <LanguageColumns
                  label={t('entries.fields.caption')}
                  languages={languages}
                  phoneLanguage={phoneLanguage}
                  pathOf={(locale) => ['gallery', index, 'caption', locale]}
                  render={(locale, control) => {
                    const caption = valueAt(snapshot.content, ['gallery', index, 'caption', locale]);
                    return (
                      <input
                        id={control.id}
                        lang={HTML_LANG[locale]}
                        className={fieldStyles.input}
                        aria-labelledby={control.labelledBy}
                        aria-describedby={control.describedBy}
                        value={typeof caption === 'string' ? caption : ''}
                        onChange={(event) =>
                          change(
                            ['gallery', index, 'caption', locale],
                            event.target.value === '' ? undefined : event.target.value,
                          )
                        }
                        onBlur={() => store.leaveField()}
                      />
                    );
                  }}
                />
              </fieldset>
            </li>
          );
        })}
      </ol>
      <button
        type="button"
        className={fieldStyles.add}
        disabled={items.length >= 24}
        onClick={() => change(['gallery'], [...items, { image: '', caption: {} }])}
      >
        <Plus aria-hidden="true" size={18} />
        {t('entries.add_picture')}
      </button>
    </fieldset>
  );
}
