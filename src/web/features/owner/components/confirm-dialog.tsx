import { type KeyboardEvent, type ReactNode, useCallback, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './confirm-dialog.module.css';

export type ConfirmOptions = {
  title: string;
  /** What will happen, in plain words: a string or paragraphs. */
  message?: ReactNode;
  /** The choice named by its action ("Discard the draft"), never "OK". */
  confirmLabel: string;
  /** Defaults to "Cancel". */
  cancelLabel?: string;
  /** Something is lost when confirmed: the choice is drawn in the danger colour and Cancel has the focus. */
  destructive?: boolean;
};

type ConfirmDialogProps = ConfirmOptions & {
  open: boolean;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
};

const FOCUSABLE =
  'button:not([disabled]), [href], input:not([disabled]), select, textarea, [tabindex]:not([tabindex="-1"])';

/**
 * The owner area's confirmation instead of the browser's `confirm`: a modal `<dialog>` (the page behind
 * is inert), Tab kept inside, Escape cancels, and focus goes back where it was when it closes.
 */
function ConfirmDialog({
  open,
  busy = false,
  title,
  message,
  confirmLabel,
  cancelLabel,
  destructive = false,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const { t } = useTranslation('owner');
  const dialog = useRef<HTMLDialogElement>(null);
  const confirmButton = useRef<HTMLButtonElement>(null);
  const cancelButton = useRef<HTMLButtonElement>(null);
  const returnFocus = useRef<HTMLElement | null>(null);
  const titleId = useId();
  const messageId = useId();

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) {
      returnFocus.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      element.showModal();
      // The safe choice has the focus when something would be lost, so Enter never destroys by surprise.
      (destructive ? cancelButton : confirmButton).current?.focus();
    }
    if (!open && element.open) {
      element.close();
      returnFocus.current?.focus();
    }
  }, [open, destructive]);

  // Browsers let Tab leave a modal dialog for their own toolbar; the owner's focus stays on the question.
  const keepTabInside = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key !== 'Tab' || !dialog.current) return;
    const focusable = [...dialog.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
    const first = focusable[0];
    const last = focusable.at(-1);
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return (
    <dialog
      ref={dialog}
      className={styles.dialog}
      aria-labelledby={titleId}
      aria-describedby={message ? messageId : undefined}
      onKeyDown={keepTabInside}
      onCancel={(event) => {
        // Escape: React's state closes the dialog, so it stays the one source of truth.
        event.preventDefault();
        if (!busy) onCancel();
      }}
    >
      {open && (
        <div className={styles.body}>
          <h2 id={titleId} className={styles.title}>
            {title}
          </h2>
          {message && (
            <div id={messageId} className={styles.message}>
              {typeof message === 'string' ? <p>{message}</p> : message}
            </div>
          )}
          <div className={styles.actions}>
            <button ref={cancelButton} type="button" className={styles.cancel} onClick={onCancel} disabled={busy}>
              {cancelLabel ?? t('dialog.cancel')}
            </button>
            <button
              ref={confirmButton}
              type="button"
              className={destructive ? styles.destructive : styles.confirm}
              onClick={onConfirm}
              disabled={busy}
            >
              {confirmLabel}
            </button>
          </div>
        </div>
      )}
    </dialog>
  );
}

/**
 * `confirm()` as a promise, drawn by `ConfirmDialog`: render `dialog` once, then
 * `if (!(await confirm({ title, confirmLabel, destructive: true }))) return;`.
 */
export function useConfirm(): [dialog: ReactNode, confirm: (options: ConfirmOptions) => Promise<boolean>] {
  const [asked, setAsked] = useState<(ConfirmOptions & { answer: (yes: boolean) => void }) | null>(null);

  const confirm = useCallback(
    (options: ConfirmOptions) =>
      new Promise<boolean>((resolve) => {
        setAsked({ ...options, answer: resolve });
      }),
    [],
  );

  const close = (yes: boolean) => {
    asked?.answer(yes);
    setAsked(null);
  };

  const dialog = (
    <ConfirmDialog
      open={asked !== null}
      title={asked?.title ?? ''}
      message={asked?.message}
      confirmLabel={asked?.confirmLabel ?? ''}
      cancelLabel={asked?.cancelLabel}
      destructive={asked?.destructive}
      onConfirm={() => close(true)}
      onCancel={() => close(false)}
    />
  );
  return [dialog, confirm];
}
