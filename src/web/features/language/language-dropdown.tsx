import { ChevronDown } from 'lucide-react';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HTML_LANG, LOCALES, type Locale } from '../../../shared/locales.js';
import { useLocale } from '../../shared/lib/use-locale.js';
import { changeLocale } from './language.js';
import styles from './language-dropdown.module.css';
import { LOCALE_LABELS } from './locale-labels.js';

/** Spec §2: a dropdown with a flag and a label per language; a listbox, usable by keyboard. */
export function LanguageDropdown() {
  const { t } = useTranslation();
  const locale = useLocale();
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(LOCALES.indexOf(locale));
  const button = useRef<HTMLButtonElement>(null);
  const list = useRef<HTMLDivElement>(null);
  const root = useRef<HTMLDivElement>(null);
  const id = useId();

  useEffect(() => {
    if (!open) return;
    list.current?.focus();
    const onPointerDown = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  function openList() {
    setActive(LOCALES.indexOf(locale));
    setOpen(true);
  }

  function choose(next: Locale) {
    setOpen(false);
    button.current?.focus();
    void changeLocale(next);
  }

  function onListKeyDown(event: KeyboardEvent) {
    const last = LOCALES.length - 1;
    const moves: Record<string, number> = { ArrowDown: active + 1, ArrowUp: active - 1, Home: 0, End: last };
    if (event.key in moves) {
      event.preventDefault();
      setActive(Math.min(last, Math.max(0, moves[event.key] ?? 0)));
    } else if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      const next = LOCALES[active];
      if (next) choose(next);
    } else if (event.key === 'Escape' || event.key === 'Tab') {
      if (event.key === 'Escape') event.preventDefault();
      setOpen(false);
      button.current?.focus();
    }
  }

  const current = LOCALE_LABELS[locale];
  return (
    <div className={styles.language} ref={root}>
      <button
        ref={button}
        type="button"
        className={styles.button}
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-controls={`${id}-list`}
        aria-label={`${t('others.language')}: ${current.label}`}
        onClick={() => (open ? setOpen(false) : openList())}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
            event.preventDefault();
            openList();
          }
        }}
      >
        <img src={current.flag} alt="" width={22} height={16} className={styles.flag} />
        <span className={styles.label}>{current.label}</span>
        <ChevronDown aria-hidden="true" size={16} />
      </button>
      {open && (
        <div
          ref={list}
          id={`${id}-list`}
          role="listbox"
          tabIndex={-1}
          aria-label={t('others.language')}
          aria-activedescendant={`${id}-${LOCALES[active]}`}
          className={styles.list}
          onKeyDown={onListKeyDown}
        >
          {LOCALES.map((code, index) => (
            // The listbox holds focus and points at the active option (aria-activedescendant), so the
            // options themselves are neither focusable nor keyed: the listbox handles the keys.
            // biome-ignore lint/a11y/useKeyWithClickEvents: see above
            // biome-ignore lint/a11y/useFocusableInteractive: see above
            <div
              key={code}
              id={`${id}-${code}`}
              role="option"
              aria-selected={code === locale}
              data-active={index === active}
              lang={HTML_LANG[code]}
              onClick={() => choose(code)}
              onPointerEnter={() => setActive(index)}
            >
              <img src={LOCALE_LABELS[code].flag} alt="" width={22} height={16} className={styles.flag} />
              {LOCALE_LABELS[code].label}
            </div>
          ))}
        </div>
      )}
    </div>
  );
}
