import { useTranslation } from 'react-i18next';
import type { MessageState } from '../../../../shared/schemas/owner.js';
import styles from './state-tag.module.css';

/** A message's state as a small tag, coloured for new, spam and the trash. */
export function StateTag({ state }: { state: MessageState }) {
  const { t } = useTranslation('owner');
  return (
    <span className={styles.stateTag} data-state={state}>
      {t(`states.${state}`)}
    </span>
  );
}
