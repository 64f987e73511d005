import { type InputHTMLAttributes, type ReactNode, type Ref, useId } from 'react';
import { OWNER_PASSWORD_MIN_LENGTH } from '../../../../shared/schemas/owner.js';
import { ErrorMessage } from './error-message.js';
import styles from './field.module.css';

type FieldProps = Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'id' | 'className' | 'aria-invalid' | 'aria-describedby'
> & {
  /** The field's name as people and screen readers hear it. */
  label: ReactNode;
  /** Said between the label and the input, and read with the input. */
  hint?: ReactNode;
  /** What is wrong with this field (a failed call's error, or words): said under it, the input marked invalid. */
  error?: unknown;
  ref?: Ref<HTMLInputElement>;
};

/**
 * The owner area's text field: label, hint, input and error tied together by ids, so the input is
 * named by its label and described by its hint and its error, and `aria-invalid` while it has one.
 * Any other prop is the input's.
 */
export function Field({ label, hint, error, ...inputProps }: FieldProps) {
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
      <input
        {...inputProps}
        id={id}
        className={styles.input}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
      />
      <ErrorMessage id={errorId} error={error} />
    </div>
  );
}

/**
 * The authenticator app's code (or a recovery code): offered from the browser's one-time-code
 * autofill, never capitalised or "corrected".
 */
export function CodeField(props: FieldProps) {
  return <Field name="code" autoComplete="one-time-code" autoCapitalize="none" spellCheck={false} {...props} />;
}

/**
 * The owner's password: the current one (the browser fills in the saved one) or a new one (the
 * browser offers to make one, at least as long as the server asks).
 */
export function PasswordField({ kind, ...props }: FieldProps & { kind: 'current' | 'new' }) {
  return (
    <Field
      type="password"
      name={kind === 'new' ? 'new-password' : 'password'}
      autoComplete={kind === 'new' ? 'new-password' : 'current-password'}
      minLength={kind === 'new' ? OWNER_PASSWORD_MIN_LENGTH : undefined}
      {...props}
    />
  );
}
