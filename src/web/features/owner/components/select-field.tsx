import { type ReactNode, type SelectHTMLAttributes, useId } from 'react';
import { ErrorMessage } from './error-message.js';
import styles from './field.module.css';

type SelectFieldProps = Omit<
  SelectHTMLAttributes<HTMLSelectElement>,
  'id' | 'className' | 'aria-invalid' | 'aria-describedby'
> & {
  label: ReactNode;
  hint?: ReactNode;
  error?: unknown;
  children: ReactNode;
};

/** `Field`'s twin for a choice from a list: label, hint, select and error tied together by ids. */
export function SelectField({ label, hint, error, children, ...selectProps }: SelectFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : undefined, error ? errorId : undefined].filter(Boolean).join(' ');
  return (
    <div className={styles.field}>
      <label htmlFor={id}>{label}</label>
      {hint && (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      )}
      <select
        {...selectProps}
        id={id}
        className={styles.input}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
      >
        {children}
      </select>
      <ErrorMessage id={errorId} error={error} />
    </div>
  );
}
