import { Search } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './inbox-search.module.css';

/** The search over name, e-mail and text; it searches when sent, not at every key. */
export function InboxSearch({
  query,
  onSearch,
  className,
}: {
  query: string;
  onSearch: (q: string) => void;
  className: string | undefined;
}) {
  const { t } = useTranslation('owner');
  const [text, setText] = useState(query);
  const id = useId();

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    onSearch(text.trim());
  }

  return (
    <form className={`${styles.search} ${className ?? ''}`} onSubmit={onSubmit}>
      <label htmlFor={id} className="visually-hidden">
        {t('inbox.search')}
      </label>
      <input
        id={id}
        className={styles.input}
        type="search"
        value={text}
        placeholder={t('inbox.search_placeholder')}
        onChange={(event) => setText(event.target.value)}
      />
      <button type="submit" className={styles.submit} aria-label={t('inbox.search')}>
        <Search aria-hidden="true" size={18} />
      </button>
    </form>
  );
}
