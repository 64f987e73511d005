import styles from './error-message.module.css';
import { useOwnerErrorText } from './use-owner-error-text.js';

/** The owner area's error box: a failed call's error in the owner's language, or nothing. */
export function ErrorMessage({ error, id }: { error: unknown; id?: string }) {
  const errorText = useOwnerErrorText();
  if (!error) return null;
  return (
    <p id={id} role="alert" className={styles.error}>
      {typeof error === 'string' ? error : errorText(error)}
    </p>
  );
}
