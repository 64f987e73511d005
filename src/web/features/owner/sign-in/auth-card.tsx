import type { FormEvent, ReactNode } from 'react';
import { ErrorMessage } from '../components/error-message.js';
import styles from './sign-in.module.css';

/**
 * The card the sign-in, the reset link's page and the set-up link's page stand in, alone in the
 * middle of the page and named by its title (`titleId` is one of the ids heading-ids.ts keeps).
 */
export function AuthCard({
  titleId,
  title,
  intro,
  children,
}: {
  titleId: string;
  title: ReactNode;
  /** Said under the title, muted. */
  intro?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section className={styles.page} aria-labelledby={titleId}>
      <h1 id={titleId}>{title}</h1>
      {intro && <p className={styles.muted}>{intro}</p>}
      {children}
    </section>
  );
}

/**
 * An `AuthCard`'s form: its fields, then the error no field holds and the button that sends it, busy
 * while `pending`. `disabled` (by default `pending`) keeps it from being sent twice.
 */
export function AuthForm({
  onSubmit,
  error,
  submitLabel,
  pending,
  disabled = pending,
  children,
}: {
  onSubmit: () => void;
  error: unknown;
  submitLabel: ReactNode;
  pending: boolean;
  disabled?: boolean;
  children: ReactNode;
}) {
  return (
    <form
      className={styles.form}
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        onSubmit();
      }}
      noValidate
    >
      {children}
      <ErrorMessage error={error} />
      <button type="submit" className={styles.submit} disabled={disabled} aria-busy={pending}>
        {submitLabel}
      </button>
    </form>
  );
}
