import type { TFunction } from 'i18next';
import { type ComponentProps, useCallback, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { API_PREFIX } from '../../../../shared/http.js';
import { isLocale, LOCALES, type Locale } from '../../../../shared/locales.js';
import { numberWords } from '../../../../shared/number-words.js';
import type { Theme } from '../../../../shared/theme.js';
import { useLocale } from '../../../shared/lib/use-locale.js';
import { useContentDraft } from '../api/get-content-draft.js';
import { useElementWidth } from '../components/use-element-width.js';
import { useDraftEditor } from './draft-context.js';
import type { SectionName } from './form-model.js';
import {
  PREVIEW_PAGE_PATHS,
  type PreviewAnchor,
  type PreviewPage,
  previewAnchorOf,
  previewPagesOf,
} from './preview-anchor.js';
import { fieldWords } from './section-path.js';
import { SegmentedChoice } from './segmented-choice.js';
import styles from './site.module.css';

/** A desktop page is drawn this wide and scaled down to the pane. */
const DESKTOP_WIDTH = 1280;
const PHONE_WIDTH = 375;
const THEMES = ['light', 'dark'] as const;
const WIDTHS = ['phone', 'desktop'] as const;
const ZOOMS = ['fit', 'actual'] as const;

/**
 * The real page, rendered by the server from the saved draft (`/owner/content/preview`), in the
 * chosen language, theme and width, on the section's page or the 404 page; it reloads after each
 * save and scrolls to what the field being edited shows. A draft with problems previews too, its
 * missing texts marked in place (the server writes the markers; the labels are put in from here).
 * The new page loads behind the one shown and replaces it once it has loaded, so the preview never
 * goes blank, and a page that fails to load never replaces a good one. It runs no script
 * (sandboxed), so a preview never counts as a visit; the server frames it only inside the site.
 */
export function PreviewPane({ id, section }: { id?: string; section: SectionName }) {
  const { t } = useTranslation('studio');
  const { snapshot } = useDraftEditor();
  const pages = previewPagesOf(section);
  const [chosenPage, setPage] = useState<PreviewPage>();
  // Another section's editor keeps this pane: a page it cannot show falls back to the section's own.
  const page = chosenPage && pages.includes(chosenPage) ? chosenPage : (pages[0] ?? 'home');
  const anchor = useFieldAnchor(section, page, snapshot.content);
  const interfaceLocale = useLocale();
  const [language, setLanguage] = useState<Locale>(interfaceLocale);
  // The page at its own size, as the owner's language writes a percentage ("100%", "100 %").
  const actualSize = numberWords(interfaceLocale, { style: 'percent' })(1);
  const [theme, setTheme] = useState<Theme>('light');
  // On a phone the phone-wide page reads better than a desktop page shrunk to a quarter.
  const [width, setWidth] = useState<(typeof WIDTHS)[number]>(() =>
    window.matchMedia('(max-width: 47.99rem)').matches ? 'phone' : 'desktop',
  );
  const [zoom, setZoom] = useState<(typeof ZOOMS)[number]>('fit');
  const frameBox = useRef<HTMLDivElement>(null);
  const boxWidth = useElementWidth(frameBox);
  const titleId = useId();
  // The saved draft's revision: each save the server accepts reloads the page.
  const revision = useContentDraft().data?.draft.revision;
  // A failed load is tried again with a new address (Try again), which the frame's key follows.
  const [attempt, setAttempt] = useState(0);
  // A new fragment alone scrolls the page already shown; a new address loads another frame (the key).
  const address = `${API_PREFIX}/owner/content/preview/${PREVIEW_PAGE_PATHS[page]}?lang=${language}&theme=${theme}&revision=${revision}${attempt > 0 ? `&attempt=${attempt}` : ''}`;
  const fragment = anchor?.startsWith('#') ? `#${encodeURIComponent(anchor.slice(1))}` : '';
  const onShown = useKeptScroll(anchor);
  // The page on screen (loaded and good), and the address that failed to load, if the last one did.
  const [shown, setShown] = useState<string>();
  const [failed, setFailed] = useState<string>();

  const loaded = (element: HTMLIFrameElement, src: string) => {
    const view = pageIn(element);
    // Chromium's own page (a refused or failed load, of another origin) or an error answer has no <main>.
    if (!view?.document.querySelector('main')) {
      if (src === address) setFailed(src);
      return;
    }
    labelMarkers(view.document, t);
    if (src !== address) return;
    onShown(element, src, anchor);
    setShown(src);
    setFailed(undefined);
  };

  const pageWidth = width === 'phone' ? PHONE_WIDTH : DESKTOP_WIDTH;
  const fits = boxWidth > 0 ? Math.min(1, boxWidth / pageWidth) : 1;
  const scale = zoom === 'actual' ? 1 : fits;
  // The page shown stays until the next one has loaded; a failed one is never put in its place.
  const frames = [shown, address !== shown && address !== failed ? address : undefined].filter(
    (src): src is string => src !== undefined,
  );
  // The newest page follows the field's fragment; the one being replaced keeps the address it has,
  // as a changed address (even a fragment taken away) would load it again.
  const shownSource = useRef<string>(undefined);
  if (shown === address) shownSource.current = address + fragment;
  const sourceOf = (src: string) => (src === address ? src + fragment : (shownSource.current ?? src));
  return (
    <section id={id} className={styles.preview} aria-labelledby={titleId}>
      <h2 id={titleId} className={styles.previewTitle}>
        {t('preview.title')}
      </h2>
      <div className={styles.previewTools}>
        {pages.length > 1 && (
          <Choice
            label={t('preview.page')}
            values={pages}
            text={(option) => t(`preview.pages.${option}`)}
            value={page}
            onChange={setPage}
          />
        )}
        <Choice
          label={t('preview.language')}
          values={LOCALES}
          text={(option) => t(`languages.${option}`)}
          value={language}
          onChange={setLanguage}
        />
        <Choice
          label={t('preview.theme')}
          values={THEMES}
          text={(option) => t(`preview.${option}`)}
          value={theme}
          onChange={setTheme}
        />
        <Choice
          label={t('preview.width')}
          values={WIDTHS}
          text={(option) => t(`preview.${option}`)}
          value={width}
          onChange={setWidth}
        />
        {fits < 1 && (
          <Choice
            label={t('preview.zoom')}
            values={ZOOMS}
            text={(option) => (option === 'actual' ? actualSize : t('preview.fit'))}
            value={zoom}
            onChange={setZoom}
          />
        )}
      </div>
      {failed === address && (
        <div role="alert" className={styles.previewFailed}>
          <p>{shown ? t('preview.failed') : t('preview.failed_empty')}</p>
          <button
            type="button"
            className={styles.secondary}
            onClick={() => {
              setFailed(undefined);
              setAttempt(attempt + 1);
            }}
          >
            {t('preview.retry')}
          </button>
        </div>
      )}
      <div
        ref={frameBox}
        className={styles.frameBox}
        data-zoom={zoom === 'actual' && fits < 1 ? 'actual' : 'fit'}
        style={{ height: `${Math.round(720 * scale)}px` }}
      >
        {frames.map((src) => {
          const waiting = src !== shown && shown !== undefined;
          return (
            <iframe
              key={src}
              onLoad={(event) => loaded(event.currentTarget, src)}
              // The page loading behind the one shown is out of sight and out of reach until it replaces it.
              title={waiting ? t('preview.loading_frame') : t('preview.frame')}
              aria-hidden={waiting || undefined}
              tabIndex={waiting ? -1 : undefined}
              src={sourceOf(src)}
              sandbox="allow-same-origin"
              className={waiting ? styles.frameWaiting : styles.frame}
              style={{ width: `${pageWidth}px`, height: '720px', transform: `scale(${scale})` }}
            />
          );
        })}
      </div>
    </section>
  );
}

/** A field's words for a marker: "Greeting (English)", "Projects 2 › Title (Русский)". */
function markerField(t: TFunction<'studio'>, field: string): string {
  const parts = field.split('.');
  const language = parts.at(-1);
  if (!isLocale(language)) return fieldWords(t, field);
  return `${fieldWords(t, parts.slice(0, -1).join('.'))} (${t(`languages.${language}`)})`;
}

/**
 * The server marks a missing or invalid text in the page's language; here each marker is named by
 * its field, in the owner's words and language, as the form and the problem list name it. The page
 * is the site's own (same origin): its text is set from here and nothing runs inside it.
 */
function labelMarkers(document: Document, t: TFunction<'studio'>) {
  for (const marker of document.querySelectorAll<HTMLElement>('mark[data-field]')) {
    const field = markerField(t, marker.dataset.field ?? '');
    marker.textContent =
      marker.dataset.kind === 'invalid'
        ? t('preview.marker_invalid', { field })
        : t('preview.marker_missing', { field });
  }
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
 * Keeps the preview's scroll across the reloads that follow each save (or a new language or theme):
 * when the next page has loaded behind the one shown, it is scrolled to where the owner left the one
 * shown, unless the field being edited moved to another anchor since (the new fragment then
 * decides) or it is another page. The frames are the site's own pages (same origin), so their
 * scroll is read and set from here; no listener is added to them, as their sandbox would block (and
 * report) running one.
 */
function useKeptScroll(anchor: PreviewAnchor | undefined) {
  const shownFrame = useRef<HTMLIFrameElement | null>(null);
  // What the page shown shows: its page (the address without query and fragment) and its anchor.
  const shownAt = useRef<{ page: string; anchor: PreviewAnchor | undefined }>(undefined);

  const onShown = useCallback((element: HTMLIFrameElement, address: string, anchorNow: PreviewAnchor | undefined) => {
    const view = pageIn(element);
    if (!view) return;
    const before = shownAt.current;
    const previous = shownFrame.current === element ? undefined : pageIn(shownFrame.current);
    if (previous && before && before.anchor === anchorNow && before.page === pageOf(address)) {
      view.scrollTo(0, previous.scrollY);
    } else if (anchorNow === 'end') view.scrollTo(0, view.document.documentElement.scrollHeight);
    shownFrame.current = element;
    shownAt.current = { page: pageOf(address), anchor: anchorNow };
  }, []);

  // A new anchor moves the page shown by its fragment (the footer's, which has no id, by hand); the
  // page shown then shows that anchor.
  useEffect(() => {
    const view = pageIn(shownFrame.current);
    if (shownAt.current) shownAt.current = { ...shownAt.current, anchor };
    if (anchor === 'end' && view?.document.readyState === 'complete') {
      view.scrollTo(0, view.document.documentElement.scrollHeight);
    }
  }, [anchor]);

  return onShown;
}

function Choice<Value extends string>(props: Omit<ComponentProps<typeof SegmentedChoice<Value>>, 'className'>) {
  return <SegmentedChoice {...props} labelHidden className={styles.choice} />;
}
