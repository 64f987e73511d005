import { type InputHTMLAttributes, type ReactNode, type Ref, type SelectHTMLAttributes, useId } from 'react';
import { OWNER_PASSWORD_MIN_LENGTH } from '../../../../shared/schemas/owner.js';
import { ErrorMessage } from './error-message.js';
import styles from './field.module.css';

/** What the frame of every field takes: the words around its control. */
interface FrameProps {
  /** The field's name as people and screen readers hear it. */
  label: ReactNode;
  /** Said between the label and the control, and read with the control. */
  hint?: ReactNode;
  /** What is wrong with this field (a failed call's error, or words): said under it, the control marked invalid. */
  error?: unknown;
}

/** The props a frame hands its control: the id its label names, and what describes it. */
interface ControlWiring {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

type OwnProps = 'id' | 'className' | 'aria-invalid' | 'aria-describedby';

/**
 * Label, hint, control and error tied together by ids, so the control is named by its label and
 * described by its hint and its error, and `aria-invalid` while it has one.
 */
function FieldFrame({ label, hint, error, control }: FrameProps & { control: (wiring: ControlWiring) => ReactNode }) {
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
      {control({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy || undefined })}
      <ErrorMessage id={errorId} error={error} />
    </div>
  );
}

type FieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, OwnProps> &
  FrameProps & {
    ref?: Ref<HTMLInputElement>;
  };

/** The owner area's text field. Any prop besides the frame's is the input's. */
export function Field({ label, hint, error, ...inputProps }: FieldProps) {
  return (
    <FieldFrame
      label={label}
      hint={hint}
      error={error}
      control={(wiring) => <input {...inputProps} {...wiring} className={styles.input} />}
    />
  );
}

type SelectFieldProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, OwnProps> &
  FrameProps & {
    children: ReactNode;
  };

/** `Field`'s twin for a choice from a list. */
export function SelectField({ label, hint, error, children, ...selectProps }: SelectFieldProps) {
  return (
    <FieldFrame
      label={label}
      hint={hint}
      error={error}
      control={(wiring) => (
        <select {...selectProps} {...wiring} className={styles.input}>
          {children}
        </select>
      )}
    />
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
