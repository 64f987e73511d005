import type { ReactNode } from 'react';
import { ErrorMessage } from '../components/error-message.js';
import card from './settings-card.module.css';

/**
 * A card of Settings: its heading, which the set-up checklist and the address banner focus by its
 * id (hence `tabIndex`), and the words that say what the card is for.
 */
export function SettingsCard({
  titleId,
  title,
  intro,
  children,
}: {
  titleId: string;
  title: ReactNode;
  intro: ReactNode;
  children: ReactNode;
}) {
  return (
    <section className={card.card} aria-labelledby={titleId}>
      <h2 id={titleId} className={card.title} tabIndex={-1}>
        {title}
      </h2>
      <p className={card.muted}>{intro}</p>
      {children}
    </section>
  );
}

/** A card form's submit button, saying so while its call runs, with any other buttons of the form after it. */
export function SaveActions({
  pending,
  label,
  pendingLabel,
  children,
}: {
  pending: boolean;
  label: string;
  pendingLabel: string;
  children?: ReactNode;
}) {
  return (
    <div className={card.actions}>
      <button type="submit" className={card.primary} disabled={pending}>
        {pending ? pendingLabel : label}
      </button>
      {children}
    </div>
  );
}

/**
 * What a save came to, under its button: the failure, or (when the failure is about fields, already
 * marked at each) a line that sends the owner to them; then the status line, kept in the page so a
 * screen reader hears it change.
 */
export function SaveOutcome({
  error,
  fieldsWrong,
  status,
}: {
  error: unknown;
  /** Said instead of the failure when a field is marked with it. */
  fieldsWrong: string | undefined;
  status: string;
}) {
  return (
    <>
      {error && !fieldsWrong ? <ErrorMessage error={error} /> : null}
      {fieldsWrong && <p role="alert">{fieldsWrong}</p>}
      <p role="status" className={card.muted}>
        {status}
      </p>
    </>
  );
}
