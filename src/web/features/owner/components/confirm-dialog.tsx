import { type ReactNode, useCallback, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './confirm-dialog.module.css';
import { ModalDialog } from './modal-dialog.js';

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

/**
 * The owner area's confirmation instead of the browser's `confirm`: a `ModalDialog` with the question
 * and two named choices.
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
  const confirmButton = useRef<HTMLButtonElement>(null);
  const cancelButton = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const messageId = useId();

  return (
    <ModalDialog
      open={open}
      busy={busy}
      onCancel={onCancel}
      // The safe choice has the focus when something would be lost, so Enter never destroys by surprise.
      onOpen={() => (destructive ? cancelButton : confirmButton).current?.focus()}
      className={styles.dialog}
      aria-labelledby={titleId}
      aria-describedby={message ? messageId : undefined}
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
    </ModalDialog>
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
