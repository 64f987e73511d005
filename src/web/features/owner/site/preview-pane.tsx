import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { API_PREFIX } from '../../../../shared/http.js';
import { LOCALES, type Locale } from '../../../../shared/locales.js';
import type { Theme } from '../../../../shared/theme.js';
import { useLocale } from '../../../shared/lib/use-locale.js';
import { useDraftEditor } from './draft-context.js';
import type { SectionName } from './form-model.js';
import {
  PREVIEW_PAGE_PATHS,
  type PreviewAnchor,
  type PreviewPage,
  previewAnchorOf,
  previewPagesOf,
} from './preview-anchor.js';
import styles from './site.module.css';

/** A desktop page is drawn this wide and scaled down to the pane. */
const DESKTOP_WIDTH = 1280;
const PHONE_WIDTH = 375;

/**
 * The real page, rendered by the server from the saved draft (`/owner/content/preview`), in the
 * chosen language, theme and width, on the section's page or the 404 page; it reloads after each
 * save and scrolls to what the field being edited shows. It runs no script (sandboxed), so a preview
 * never counts as a visit; the server frames it only inside the site itself.
 */
export function PreviewPane({ section, blocked }: { section: SectionName; blocked: boolean }) {
  const { t } = useTranslation('studio');
  const { snapshot } = useDraftEditor();
  const pages = previewPagesOf(section);
  const [chosenPage, setPage] = useState<PreviewPage>();
  // Another section's editor keeps this pane: a page it cannot show falls back to the section's own.
  const page = chosenPage && pages.includes(chosenPage) ? chosenPage : (pages[0] ?? 'home');
  const anchor = useFieldAnchor(section, page, snapshot.content);
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
  // A new fragment alone scrolls the page already shown; a new address reloads it (the key).
  const address = `${API_PREFIX}/owner/content/preview/${PREVIEW_PAGE_PATHS[page]}?lang=${language}&theme=${theme}&revision=${revision}`;
  const fragment = anchor?.startsWith('#') ? `#${encodeURIComponent(anchor.slice(1))}` : '';
  const { frame, onLoad, remember } = useKeptScroll(address, anchor);

  useEffect(() => {
    if (blocked) return;
    remember();
    setRevision(snapshot.savedRevision);
  }, [blocked, snapshot.savedRevision, remember]);

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
  return (
    <section className={styles.preview} aria-labelledby={titleId}>
      <h2 id={titleId} className={styles.previewTitle}>
        {t('preview.title')}
      </h2>
      <div className={styles.previewTools}>
        {pages.length > 1 && (
          <Choice
            label={t('preview.page')}
            options={pages.map((option) => [option, t(`preview.pages.${option}`)])}
            value={page}
            onChange={setPage}
          />
        )}
        <Choice
          label={t('preview.language')}
          options={LOCALES.map((locale) => [locale, t(`languages.${locale}`)])}
          value={language}
          onChange={(value) => {
            remember();
            setLanguage(value);
          }}
        />
        <Choice
          label={t('preview.theme')}
          options={[
            ['light', t('preview.light')],
            ['dark', t('preview.dark')],
          ]}
          value={theme}
          onChange={(value) => {
            remember();
            setTheme(value);
          }}
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
            key={address}
            ref={frame}
            onLoad={onLoad}
            title={t('preview.frame')}
            src={address + fragment}
            sandbox="allow-same-origin"
            className={styles.frame}
            style={{ width: `${pageWidth}px`, height: '720px', transform: `scale(${scale})` }}
          />
        </div>
      )}
    </section>
  );
}

/** The anchor of the field last focused in this section's form; it stays while the focus is elsewhere. */
function useFieldAnchor(section: SectionName, page: PreviewPage, content: unknown): PreviewAnchor | undefined {
  const [focused, setFocused] = useState<string>();
  useEffect(() => {
    const onFocus = (event: FocusEvent) => {
      const id = event.target instanceof HTMLElement ? event.target.id : '';
      if (id.startsWith(`field-${section}-`)) setFocused(id);
    };
    document.addEventListener('focusin', onFocus);
    return () => document.removeEventListener('focusin', onFocus);
  }, [section]);
  return focused ? previewAnchorOf(focused, page, content) : undefined;
}

/**
 * The frame's page when it is the site's own. A refused preview (a save that made the draft invalid
 * just before the frame asked) is Chromium's error page, of another origin: touching it would throw.
 */
function pageIn(frame: HTMLIFrameElement | null): Window | undefined {
  try {
    const view = frame?.contentWindow ?? undefined;
    return view?.document ? view : undefined;
  } catch {
    return undefined;
  }
}

/** The page an address shows, without its query and fragment. */
const pageOf = (url: string) => url.replace(/[?#].*$/, '');

/**
 * Keeps the frame's scroll across the reloads that follow each save (or a new language or theme):
 * `remember` notes where the page shown is scrolled to just before a new address replaces it, and the
 * new page goes back there, unless the field being edited moved to another anchor since (the new
 * fragment then decides). The frame is the site's own page (same origin), so its scroll is read and
 * set from here; no listener is added to it, as its sandbox would block (and report) running one.
 */
function useKeptScroll(address: string, anchor: PreviewAnchor | undefined) {
  const frame = useRef<HTMLIFrameElement>(null);
  const kept = useRef<{ anchor: PreviewAnchor | undefined; page: string; y: number }>(undefined);
  const current = useRef({ address, anchor });
  current.current = { address, anchor };

  const remember = useCallback(() => {
    const view = pageIn(frame.current);
    // A page still loading has no place of its own yet: the one noted before stands.
    if (view?.document.readyState !== 'complete') return;
    kept.current = { anchor: current.current.anchor, page: pageOf(current.current.address), y: view.scrollY };
  }, []);

  const onLoad = useCallback(() => {
    const view = pageIn(frame.current);
    if (!view) return;
    const { address, anchor } = current.current;
    const last = kept.current;
    if (last && last.anchor === anchor && last.page === pageOf(address)) view.scrollTo(0, last.y);
    else if (anchor === 'end') view.scrollTo(0, view.document.documentElement.scrollHeight);
  }, []);

  // The footer has no id: its anchor scrolls the page shown to its end by hand.
  useEffect(() => {
    const view = pageIn(frame.current);
    if (anchor === 'end' && view?.document.readyState === 'complete') {
      view.scrollTo(0, view.document.documentElement.scrollHeight);
    }
  }, [anchor]);

  return { frame, onLoad, remember };
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
