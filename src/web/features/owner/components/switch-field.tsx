import { type ReactNode, useId } from 'react';
import styles from './switch-field.module.css';

interface SwitchFieldProps {
  label: string;
  checked: boolean;
  disabled?: boolean;
  onChange: (checked: boolean) => void;
  /** Said under the label, and read with it (aria-describedby). */
  hint?: ReactNode;
}

/** An on/off setting: a real checkbox with the switch role, so keyboards and screen readers know it. */
export function SwitchField({ label, checked, disabled = false, onChange, hint }: SwitchFieldProps) {
  const hintId = useId();
  return (
    <div className={styles.field}>
      <label className={styles.row}>
        <input
          type="checkbox"
          role="switch"
          className={styles.input}
          checked={checked}
          aria-checked={checked}
          disabled={disabled}
          aria-describedby={hint ? hintId : undefined}
          onChange={(event) => onChange(event.target.checked)}
        />
        <span className={styles.track} aria-hidden="true" />
        <span className={styles.label}>{label}</span>
      </label>
      {hint && (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      )}
    </div>
  );
}
