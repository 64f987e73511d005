import { Check, X } from 'lucide-react';
import { type KeyboardEvent, useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useContentPictures } from '../api/get-content-pictures.js';
import styles from './picture-field.module.css';

/** A picture's address on the site at the library's width (no `?v=`: the list has no versions). */
export const thumbnailUrl = (path: string) => `/media/${path.split('/').map(encodeURIComponent).join('/')}?w=320`;

/** Arrow keys, Home and End move between the library's pictures; the grid wraps as the dialog is wide. */
function moveFocus(event: KeyboardEvent<HTMLUListElement>) {
  const buttons = [...event.currentTarget.querySelectorAll<HTMLButtonElement>('button')];
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
 * and size. Opening focuses the chosen picture (or the first); Escape, Close or choosing one returns
 * focus to where it was (the button that opened it).
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
  const { t } = useTranslation('studio');
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const introId = useId();
  const pictures = useContentPictures();
  const loaded = pictures.isSuccess;

  // Focus goes back where it was once the dialog is closed: while it is open, the rest is inert.
  const opener = useRef<HTMLElement | null>(null);
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      element.showModal();
    }
    if (!open) {
      if (element.open) element.close();
      opener.current?.focus();
      opener.current = null;
    }
  }, [open]);

  // Focus goes to the chosen picture once the list is there, rather than to the Close button.
  useEffect(() => {
    if (!open || !loaded) return;
    const buttons = dialog.current?.querySelectorAll<HTMLButtonElement>('[data-picture]');
    const target = [...(buttons ?? [])].find((button) => button.dataset.picture === chosen) ?? buttons?.[0];
    target?.focus();
  }, [open, loaded, chosen]);

  return (
    <dialog
      ref={dialog}
      className={styles.dialog}
      aria-labelledby={titleId}
      aria-describedby={introId}
      // Escape closes the dialog natively; the field must know, so it opens again next time.
      onClose={onClose}
    >
      {open && (
        <div className={styles.dialogBody}>
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
                return (
                  <li key={picture.path}>
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
                  </li>
                );
              })}
            </ul>
          )}
        </div>
      )}
    </dialog>
  );
}
