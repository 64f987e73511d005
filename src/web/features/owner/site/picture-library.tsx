import { Check, Trash2, X } from 'lucide-react';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isLocale, type Locale } from '../../../../shared/locales.js';
import { ApiError } from '../../../shared/api/api-client.js';
import { useDeleteContentPicture } from '../api/delete-content-picture.js';
import { useContentPictures } from '../api/get-content-pictures.js';
import { useConfirm } from '../components/confirm-dialog.js';
import { ModalDialog } from '../components/modal-dialog.js';
import { useDraftEditor } from './draft-context.js';
import styles from './picture-field.module.css';

const object = (value: unknown) =>
  typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};

/**
 * Where the draft as it is on screen (saved or not) names `picture`: the home photo, and each project
 * by its title in the interface language (else its id). The server says the same in its 409.
 */
function draftPlaces(content: unknown, picture: string, locale: Locale): { home: boolean; projects: string[] } {
  const home = object(object(content).home).photo === picture;
  const items = object(object(content).portfolio).items;
  const projects = (Array.isArray(items) ? items : [])
    .filter((item) => object(item).image === picture)
    .map((item, index) => {
      const title = object(object(item).title);
      const named = [title[locale], title.english, object(item).id].find(
        (candidate): candidate is string => typeof candidate === 'string' && candidate.trim() !== '',
      );
      return named ?? String(index + 1);
    });
  return { home, projects };
}

/** A picture's address on the site at the library's width (no `?v=`: the list has no versions). */
export const thumbnailUrl = (path: string) => `/media/${path.split('/').map(encodeURIComponent).join('/')}?w=320`;

/** Arrow keys, Home and End move between the library's pictures; the grid wraps as the dialog is wide. */
function moveFocus(event: KeyboardEvent<HTMLUListElement>) {
  const buttons = [...event.currentTarget.querySelectorAll<HTMLButtonElement>('button[data-picture]')];
  const index = buttons.indexOf(document.activeElement as HTMLButtonElement);
  if (index < 0) return;
  const columns = Math.max(1, buttons.filter((button) => button.offsetTop === buttons[0]?.offsetTop).length);
  const next = {
    ArrowRight: index + 1,
    ArrowLeft: index - 1,
    ArrowDown: index + columns,
    ArrowUp: index - columns,
    Home: 0,
    End: buttons.length - 1,
  }[event.key];
  if (next === undefined) return;
  event.preventDefault();
  buttons[Math.min(buttons.length - 1, Math.max(0, next))]?.focus();
}

/**
 * The picture library as a modal dialog: every stored picture as a thumbnail button with its name
 * and size, where it is used (the draft's places, the published version, older versions), and a
 * Delete (after a confirmation) for one nothing uses. Opening focuses the chosen picture (or the
 * first); Escape, Close or choosing one returns focus to where it was (the button that opened it).
 */
export function PictureLibrary({
  open,
  chosen,
  onChoose,
  onClose,
}: {
  open: boolean;
  chosen: string;
  onChoose: (path: string) => void;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation('studio');
  const locale: Locale = isLocale(i18n.language) ? i18n.language : 'english';
  const body = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const introId = useId();
  const statusId = useId();
  const pictures = useContentPictures();
  const loaded = pictures.isSuccess;
  const { snapshot } = useDraftEditor();
  const remove = useDeleteContentPicture();
  const [confirmDialog, confirm] = useConfirm();
  const [outcome, setOutcome] = useState<{ path: string; done: boolean; code?: string } | undefined>();

  /** Where a picture is used, in words; empty when nothing uses it (it may then be deleted). */
  const usesOf = (picture: NonNullable<typeof pictures.data>[number]): string[] => {
    const uses: string[] = [];
    const places = draftPlaces(snapshot.content, picture.path, locale);
    const named = [
      ...(places.home ? [`${t('sections.home')} › ${t('fields.photo')}`] : []),
      ...places.projects.map((project) => `${t('sections.portfolio')} › ${project}`),
    ];
    if (named.length > 0) uses.push(t('pictures.used_by_draft', { places: named.join(', ') }));
    else if (picture.usedByDraft) uses.push(t('pictures.used_by_draft_saved'));
    const [newest, ...rest] = picture.versions;
    if (picture.usedByPublished && newest !== undefined) {
      uses.push(t('pictures.used_by_published', { version: newest }));
    }
    const older = picture.usedByPublished ? rest : picture.versions;
    if (older.length > 0) uses.push(t('pictures.used_by_history', { versions: older.join(', ') }));
    return uses;
  };

  const askToDelete = async (path: string) => {
    const yes = await confirm({
      title: t('pictures.delete_title', { path }),
      message: t('pictures.delete_message'),
      confirmLabel: t('pictures.delete_confirm'),
      cancelLabel: t('pictures.delete_keep'),
      destructive: true,
    });
    if (!yes) return;
    remove.mutate(path, {
      onSuccess: () => {
        setOutcome({ path, done: true });
        // Its Delete button is gone with it: focus goes to the library's first picture, not the page.
        requestAnimationFrame(() =>
          body.current
            ?.querySelector<HTMLButtonElement>(`[data-picture]:not([data-picture="${CSS.escape(path)}"])`)
            ?.focus(),
        );
      },
      onError: (error) => setOutcome({ path, done: false, code: error instanceof ApiError ? error.code : undefined }),
    });
  };

  // Focus goes to the chosen picture once the list is there, rather than to the Close button.
  useEffect(() => {
    if (!open || !loaded) return;
    const buttons = body.current?.querySelectorAll<HTMLButtonElement>('[data-picture]');
    const target = [...(buttons ?? [])].find((button) => button.dataset.picture === chosen) ?? buttons?.[0];
    target?.focus();
  }, [open, loaded, chosen]);

  return (
    <ModalDialog
      open={open}
      onCancel={onClose}
      className={styles.dialog}
      aria-labelledby={titleId}
      aria-describedby={introId}
    >
      {open && (
        <div ref={body} className={styles.dialogBody}>
          <div className={styles.dialogBar}>
            <h2 id={titleId} className={styles.dialogTitle}>
              {t('pictures.library_title')}
            </h2>
            <button type="button" className={styles.close} onClick={onClose}>
              <X aria-hidden="true" size={18} />
              {t('pictures.close')}
            </button>
          </div>
          <p id={introId} className={styles.hint}>
            {t('pictures.library_intro')}
          </p>
          <p id={statusId} role="status" className={outcome && !outcome.done ? styles.error : styles.hint}>
            {outcome?.done && t('pictures.deleted', { path: outcome.path })}
            {outcome &&
              !outcome.done &&
              t(outcome.code === 'picture_in_use' ? 'pictures.delete_in_use' : 'pictures.delete_failed', {
                path: outcome.path,
              })}
          </p>
          {pictures.isPending && <p className={styles.hint}>{t('pictures.library_loading')}</p>}
          {pictures.isError && (
            <p role="alert" className={styles.error}>
              {t('pictures.library_failed')}
            </p>
          )}
          {pictures.data?.length === 0 && <p className={styles.hint}>{t('pictures.library_empty')}</p>}
          {pictures.data && pictures.data.length > 0 && (
            <ul className={styles.grid} onKeyDown={moveFocus}>
              {pictures.data.map((picture) => {
                const isChosen = picture.path === chosen;
                const uses = usesOf(picture);
                return (
                  <li key={picture.path} className={styles.libraryItem}>
                    <button
                      type="button"
                      className={isChosen ? styles.chosenTile : styles.tile}
                      data-picture={picture.path}
                      aria-current={isChosen || undefined}
                      onClick={() => onChoose(picture.path)}
                    >
                      <img
                        className={styles.tileImage}
                        src={thumbnailUrl(picture.path)}
                        alt=""
                        width={160}
                        height={120}
                        loading="lazy"
                      />
                      <span className={styles.tileName}>{picture.path}</span>
                      <span className={styles.tileSize}>
                        {t('pictures.size', { width: picture.width, height: picture.height })}
                        {isChosen && (
                          <>
                            {' · '}
                            <Check aria-hidden="true" size={14} /> {t('pictures.chosen')}
                          </>
                        )}
                      </span>
                    </button>
                    {uses.length > 0 ? (
                      <ul className={styles.uses}>
                        {uses.map((use) => (
                          <li key={use}>{use}</li>
                        ))}
                      </ul>
                    ) : (
                      <p className={styles.uses}>{t('pictures.unused')}</p>
                    )}
                    {uses.length === 0 && (
                      <button
                        type="button"
                        className={styles.deleteButton}
                        disabled={remove.isPending}
                        onClick={() => void askToDelete(picture.path)}
                      >
                        <Trash2 aria-hidden="true" size={16} />
                        {t('pictures.delete')}
                        <span className="visually-hidden"> {picture.path}</span>
                      </button>
                    )}
                  </li>
                );
              })}
            </ul>
          )}
        </div>
      )}
      {confirmDialog}
    </ModalDialog>
  );
}
