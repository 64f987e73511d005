import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { API_PREFIX } from '../../../../shared/http.js';
import { LOCALES, type Locale } from '../../../../shared/locales.js';
import type { Theme } from '../../../../shared/theme.js';
import { useLocale } from '../../../shared/lib/use-locale.js';
import { useDraftEditor } from './draft-context.js';
import type { SectionName } from './form-model.js';
import styles from './site.module.css';

/** The page each section shows on (the footer and the identity show on every page: the home page). */
const SECTION_PAGE: Record<SectionName, string> = {
  identity: '',
  home: '',
  about: 'about',
  portfolio: 'portfolio',
  footer: '',
};

/** A desktop page is drawn this wide and scaled down to the pane. */
const DESKTOP_WIDTH = 1280;
const PHONE_WIDTH = 375;

/**
 * The real page, rendered by the server from the saved draft (`/owner/content/preview`), in the
 * chosen language, theme and width; it reloads after each save. It runs no script (sandboxed), so a
 * preview never counts as a visit; the server frames it only inside the site itself.
 */
export function PreviewPane({ section, blocked }: { section: SectionName; blocked: boolean }) {
  const { t } = useTranslation('studio');
  const { snapshot } = useDraftEditor();
  const [language, setLanguage] = useState<Locale>(useLocale());
  const [theme, setTheme] = useState<Theme>('light');
  // On a phone the phone-wide page reads better than a desktop page shrunk to a quarter.
  const [width, setWidth] = useState<'phone' | 'desktop'>(() =>
    window.matchMedia('(max-width: 47.99rem)').matches ? 'phone' : 'desktop',
  );
  const frameBox = useRef<HTMLDivElement>(null);
  const [boxWidth, setBoxWidth] = useState(0);
  const titleId = useId();
  // The last revision the preview can show: while the draft has problems the server cannot render it.
  const [revision, setRevision] = useState(snapshot.savedRevision);

  useEffect(() => {
    if (!blocked) setRevision(snapshot.savedRevision);
  }, [blocked, snapshot.savedRevision]);

  useEffect(() => {
    const element = blocked ? null : frameBox.current;
    if (!element) return;
    setBoxWidth(element.clientWidth);
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setBoxWidth(Math.round(entry.contentRect.width));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [blocked]);

  const pageWidth = width === 'phone' ? PHONE_WIDTH : DESKTOP_WIDTH;
  const scale = boxWidth > 0 ? Math.min(1, boxWidth / pageWidth) : 1;
  const source = `${API_PREFIX}/owner/content/preview/${SECTION_PAGE[section]}?lang=${language}&theme=${theme}&revision=${revision}`;

  return (
    <section className={styles.preview} aria-labelledby={titleId}>
      <h2 id={titleId} className={styles.previewTitle}>
        {t('preview.title')}
      </h2>
      <div className={styles.previewTools}>
        <Choice
          label={t('preview.language')}
          options={LOCALES.map((locale) => [locale, t(`languages.${locale}`)])}
          value={language}
          onChange={setLanguage}
        />
        <Choice
          label={t('preview.theme')}
          options={[
            ['light', t('preview.light')],
            ['dark', t('preview.dark')],
          ]}
          value={theme}
          onChange={setTheme}
        />
        <Choice
          label={t('preview.width')}
          options={[
            ['phone', t('preview.phone')],
            ['desktop', t('preview.desktop')],
          ]}
          value={width}
          onChange={setWidth}
        />
      </div>
      {blocked ? (
        // The server renders only a valid draft (422 otherwise): the frame waits for the problems to go.
        <p className={styles.notice}>{t('preview.blocked')}</p>
      ) : (
        <div ref={frameBox} className={styles.frameBox} style={{ height: `${Math.round(720 * scale)}px` }}>
          <iframe
            key={source}
            title={t('preview.frame')}
            src={source}
            sandbox="allow-same-origin"
            className={styles.frame}
            style={{ width: `${pageWidth}px`, height: '720px', transform: `scale(${scale})` }}
          />
        </div>
      )}
    </section>
  );
}

function Choice<Value extends string>({
  label,
  options,
  value,
  onChange,
}: {
  label: string;
  options: [Value, string][];
  value: Value;
  onChange: (value: Value) => void;
}) {
  return (
    <fieldset className={styles.choice}>
      <legend className="visually-hidden">{label}</legend>
      <div className={styles.segmented}>
        {options.map(([option, text]) => (
          <button
            key={option}
            type="button"
            className={styles.segment}
            aria-pressed={value === option}
            onClick={() => onChange(option)}
          >
            {text}
          </button>
        ))}
      </div>
    </fieldset>
  );
}
