import { Moon, Sun } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { toggleTheme, useTheme } from './theme.js';
import styles from './theme-toggle.module.css';

/** Spec §2: the theme toggle shows a sun (dark theme on) or a moon (light theme on). */
export function ThemeToggle() {
  const { t } = useTranslation();
  const theme = useTheme();
  const dark = theme === 'dark';
  return (
    <button
      type="button"
      className={styles.toggle}
      onClick={toggleTheme}
      aria-label={dark ? t('others.theme_to_light') : t('others.theme_to_dark')}
      title={dark ? t('others.theme_to_light') : t('others.theme_to_dark')}
      data-theme-icon={dark ? 'sun' : 'moon'}
    >
      {dark ? <Sun aria-hidden="true" size={20} /> : <Moon aria-hidden="true" size={20} />}
    </button>
  );
}
