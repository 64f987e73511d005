import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Locale } from '../../../../shared/locales.js';
import { OWNER_PATHS } from '../../../../shared/paths.js';
import type { TranslationField } from '../../../../shared/schemas/content-translations.js';
import { useTranslationReport } from '../api/get-translation-report.js';
import { useMarkTranslation } from '../api/mark-translation.js';
import { ErrorMessage } from '../components/error-message.js';
import { EntriesTranslations } from '../entries/entries-translations.js';
import { useDraftEditor } from './draft-context.js';
import { fieldLink, fieldWords } from './section-path.js';
import styles from './site.module.css';
import { StudioPageTitle } from './studio-page-title.js';
import reportStyles from './translation-report.module.css';

/**
 * The translation report at /owner/site/translations: per section, the draft's fields missing in a
 * language or changed in one language after the others (which may be out of date), each a link to
 * its field in the language to look at, and a button to mark a name or a number "same in every
 * language" so it is no longer reported. The draft on screen is saved first, so the report is about it.
 */
export function TranslationReport() {
  const { t } = useTranslation('studio');
  const { store } = useDraftEditor();
  const [saved, setSaved] = useState(false);
  const report = useTranslationReport(saved);
  const mark = useMarkTranslation();
  const [notice, setNotice] = useState<string>();
  const noticeRef = useRef<HTMLParagraphElement>(null);

  useEffect(() => {
    let current = true;
    void store.flush().then(() => {
      if (current) setSaved(true);
    });
    return () => {
      current = false;
    };
  }, [store]);

  useEffect(() => {
    if (notice) noticeRef.current?.focus();
  }, [notice]);

  const languages = (list: readonly Locale[]) => list.map((language) => t(`languages.${language}`)).join(', ');

  const setMark = (key: string, path: string, same: boolean) => {
    setNotice(undefined);
    mark.mutate(
      { key, same },
      {
        onSuccess: () =>
          setNotice(
            t(same ? 'translations.marked_notice' : 'translations.unmarked_notice', { field: fieldWords(t, path) }),
          ),
      },
    );
  };

  const sections = report.data?.sections ?? [];
  const count = sections.reduce((total, section) => total + section.fields.length, 0);

  return (
    <div className={styles.page}>
      <StudioPageTitle title={t('translations.title')} intro={t('translations.intro')} />
      {notice && (
        <p ref={noticeRef} tabIndex={-1} role="status" className={styles.success}>
          {notice}
        </p>
      )}
      <ErrorMessage error={mark.error ?? report.error} />
      {!report.data ? (
        !report.error && <p className={styles.muted}>{t('loading')}</p>
      ) : (
        <>
          <p className={count > 0 ? styles.notice : styles.muted}>
            {count > 0 ? t('translations.summary', { count }) : t('translations.all_done')}
          </p>
          {sections.map(({ section, fields }) => (
            <ReportSection
              key={section}
              section={section}
              fields={fields}
              languages={languages}
              busy={mark.isPending}
              onMark={(field) => setMark(field.key, field.path, true)}
            />
          ))}
          {report.data.marked.length > 0 && (
            <section className={reportStyles.section} aria-labelledby="translations-marked">
              <h2 id="translations-marked">{t('translations.marked_title')}</h2>
              <ul className={reportStyles.fields}>
                {report.data.marked.map(({ key, path }) => (
                  <MarkedField key={key} path={path} busy={mark.isPending} onUnmark={() => setMark(key, path, false)} />
                ))}
              </ul>
            </section>
          )}
        </>
      )}
      <EntriesTranslations />
    </div>
  );
}

function ReportSection({
  section,
  fields,
  languages,
  busy,
  onMark,
}: {
  section: string;
  fields: TranslationField[];
  languages: (list: readonly Locale[]) => string;
  busy: boolean;
  onMark: (field: TranslationField) => void;
}) {
  const { t } = useTranslation('studio');
  const titleId = useId();
  return (
    <section className={reportStyles.section} aria-labelledby={titleId}>
      <h2 id={titleId}>{t(`sections.${section as 'home'}`, { defaultValue: section })}</h2>
      {fields.length === 0 ? (
        <p className={reportStyles.done}>{t('translations.section_done')}</p>
      ) : (
        <ul className={reportStyles.fields}>
          {fields.map((field) => (
            <ReportedField key={field.key} field={field} languages={languages} busy={busy} onMark={onMark} />
          ))}
        </ul>
      )}
    </section>
  );
}

function ReportedField({
  field,
  languages,
  busy,
  onMark,
}: {
  field: TranslationField;
  languages: (list: readonly Locale[]) => string;
  busy: boolean;
  onMark: (field: TranslationField) => void;
}) {
  const { t } = useTranslation('studio');
  const linkId = useId();
  // The link opens the field in the first language to look at (on a phone, that language's column).
  const language = field.missing[0] ?? field.outdated[0];
  return (
    <li className={reportStyles.field}>
      <Link
        id={linkId}
        className={reportStyles.fieldLink}
        to={fieldLink(OWNER_PATHS.site, language ? `${field.path}.${language}` : field.path)}
      >
        {fieldWords(t, field.path)}
      </Link>
      {field.missing.length > 0 && (
        <p className={`${reportStyles.state} ${reportStyles.missing}`}>
          {t('translations.missing', { languages: languages(field.missing) })}
        </p>
      )}
      {field.outdated.length > 0 && (
        <p className={reportStyles.state}>
          {t('translations.outdated', { changed: languages(field.changedIn), languages: languages(field.outdated) })}
        </p>
      )}
      <button
        type="button"
        className={reportStyles.mark}
        aria-describedby={linkId}
        disabled={busy}
        onClick={() => onMark(field)}
      >
        {t('translations.mark')}
      </button>
    </li>
  );
}

function MarkedField({ path, busy, onUnmark }: { path: string; busy: boolean; onUnmark: () => void }) {
  const { t } = useTranslation('studio');
  const nameId = useId();
  const section = t(`sections.${path.split('.')[0] as 'home'}`, { defaultValue: path });
  return (
    <li className={reportStyles.field}>
      <span id={nameId}>{`${section} › ${fieldWords(t, path)}`}</span>
      <button type="button" className={reportStyles.mark} aria-describedby={nameId} disabled={busy} onClick={onUnmark}>
        {t('translations.unmark')}
      </button>
    </li>
  );
}
