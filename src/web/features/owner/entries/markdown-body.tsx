import { lazy, Suspense, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HTML_LANG, type Locale } from '../../../../shared/locales.js';
import { EntryBody } from '../../notes/entry-body.js';
import { ErrorMessage } from '../components/error-message.js';
import fieldStyles from '../site/field-editor.module.css';
import { useEntryPreview } from './api/preview-entry.js';
import styles from './entries.module.css';
import { useEntryEditor } from './entry-editor-context.js';
import { EntryFieldError } from './entry-fields.js';
import { entryFieldId, setLanguageText, valueAt } from './entry-model.js';

// CodeMirror is downloaded when an entry's editor first shows a body, never with the studio's first chunk.
const MarkdownCodeEditor = lazy(() => import('./markdown-code-editor.js'));

/** The preview follows the text this long after the last keystroke. */
const PREVIEW_DELAY_MS = 600;

function useSettled<Value>(value: Value, delay: number): Value {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return settled;
}

/**
 * One language's Markdown body: CodeMirror on one side, the server's own rendering of it on the other
 * (sanitized, code highlighted, headings with their anchors), as publishing will store it.
 */
export function MarkdownBody({ locale }: { locale: Locale }) {
  const { t } = useTranslation('studio');
  const { collection, id, snapshot, store, problems } = useEntryEditor();
  const path = ['text', locale, 'body'] as const;
  const value = valueAt(snapshot.content, path);
  const text = typeof value === 'string' ? value : '';
  const hintId = useId();
  const settled = useSettled(text, PREVIEW_DELAY_MS);
  const preview = useEntryPreview(collection, id, locale, settled);
  const rendered = preview.data?.bodies[locale];
  const language = t(`languages.${locale}`);

  return (
    <div className={styles.body}>
      <div className={styles.bodySource}>
        <p id={hintId} className={fieldStyles.hint}>
          {t('entries.body_hint')}
        </p>
        <Suspense fallback={<p className={fieldStyles.hint}>{t('entries.editor_loading')}</p>}>
          <MarkdownCodeEditor
            id={entryFieldId(path)}
            value={text}
            lang={HTML_LANG[locale]}
            label={t('entries.body_label', { language })}
            invalid={problems.has(path.join('.'))}
            onChange={(next) => {
              // A text set from outside reaches the editor as a change too: nothing to save then.
              if (next === text) return;
              store.edit(setLanguageText(store.getSnapshot().content, locale, 'body', next));
            }}
            onBlur={() => store.leaveField()}
          />
        </Suspense>
        <EntryFieldError path={path} />
      </div>
      <section className={styles.bodyPreview} aria-label={t('entries.preview_label', { language })}>
        <h3 className={styles.previewHeading}>{t('entries.preview_title')}</h3>
        {rendered && <p className={fieldStyles.hint}>{t('entries.preview_words', { count: rendered.words })}</p>}
        <ErrorMessage error={preview.error ? t('entries.preview_failed') : undefined} />
        {text.trim() === '' ? (
          <p className={fieldStyles.hint}>{t('entries.preview_empty')}</p>
        ) : (
          // The page's own body styles, so the preview reads as the published note will.
          <div className={styles.rendered}>
            <EntryBody html={rendered?.html ?? ''} locale={locale} />
          </div>
        )}
      </section>
    </div>
  );
}
