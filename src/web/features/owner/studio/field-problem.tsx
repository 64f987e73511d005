import { useTranslation } from 'react-i18next';
import type { FieldErrorCode } from '../../../../shared/api-errors.js';
import styles from '../site/field-editor.module.css';

/** The id of the words that say what is wrong with the control of id `controlId`. */
const problemId = (controlId: string) => `${controlId}-error`;

/** The ids that describe a control: its problem's (when it has one), then the others given that are set. */
export function describedByIds(controlId: string, hasProblem: boolean, ...extra: (string | undefined)[]) {
  const ids = [hasProblem ? problemId(controlId) : undefined, ...extra].filter(Boolean);
  return ids.length > 0 ? ids.join(' ') : undefined;
}

/**
 * The problem publishing would name at a field of a draft (the sections' or an entry's), in the
 * interface language, with the id `describedByIds` gives its control.
 */
export function FieldProblem({ controlId, code }: { controlId: string; code: FieldErrorCode | undefined }) {
  const { t } = useTranslation('studio');
  if (!code) return null;
  return (
    <span id={problemId(controlId)} className={styles.error}>
      {t(`field_errors.${code}`)}
    </span>
  );
}
