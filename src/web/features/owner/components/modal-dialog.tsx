import { type KeyboardEvent, type ReactNode, useEffect, useEffectEvent, useRef } from 'react';

const FOCUSABLE =
  'button:not([disabled]), [href], input:not([disabled]), select, textarea, [tabindex]:not([tabindex="-1"])';

type ModalDialogProps = {
  /** React's state opens and closes the dialog, so it stays the one source of truth. */
  open: boolean;
  /** Escape asks for this (not while `busy`). */
  onCancel: () => void;
  busy?: boolean;
  /** Called once the dialog is shown: puts the focus where the owner starts. */
  onOpen?: () => void;
  /** False when the dialog closes because the owner went elsewhere (a link): focus stays where that took it. */
  returnFocus?: boolean;
  className?: string;
  'aria-labelledby': string;
  'aria-describedby'?: string;
  children: ReactNode;
};

/**
 * The owner area's modal `<dialog>`: the page behind is inert, Tab is kept inside, Escape asks to
 * close, and focus goes back to what opened it when it closes. Its content is the caller's.
 */
export function ModalDialog({
  open,
  onCancel,
  busy = false,
  onOpen,
  returnFocus = true,
  className,
  children,
  ...labels
}: ModalDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  const opened = useEffectEvent(() => onOpen?.());
  const closed = useEffectEvent(() => {
    if (returnFocus) opener.current?.focus();
    opener.current = null;
  });

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      element.showModal();
      opened();
    }
    if (!open && element.open) {
      element.close();
      closed();
    }
  }, [open]);

  // Browsers let Tab leave a modal dialog for their own toolbar; the owner's focus stays in it.
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
      className={className}
      {...labels}
      onKeyDown={keepTabInside}
      onCancel={(event) => {
        // React hands a dialog inside this one its Escape too: only this dialog's own counts.
        if (event.target !== event.currentTarget) return;
        event.preventDefault();
        if (!busy) onCancel();
      }}
    >
      {children}
    </dialog>
  );
}
