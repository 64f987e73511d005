import { useTranslation } from 'react-i18next';
import type { Locale } from '../../../../shared/locales.js';
import { SegmentedChoice } from './segmented-choice.js';
import styles from './site.module.css';

/**
 * Which language's column a phone shows of a translated form (the sections', an entry's): a phone
 * has room for one at a time. Wider screens show every column, and this switcher is hidden there.
 */
export function PhoneLanguageSwitcher({
  languages,
  value,
  onChange,
}: {
  languages: readonly Locale[];
  value: Locale;
  onChange: (locale: Locale) => void;
}) {
  const { t } = useTranslation('studio');
  return (
    <SegmentedChoice
      label={t('language_switcher')}
      className={styles.languageSwitcher}
      values={languages}
      text={(locale) => t(`languages.${locale}`)}
      value={value}
      onChange={onChange}
    />
  );
}
