import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { HTML_LANG } from '../../../shared/locales.js';
import type { EntryCard } from '../../../shared/schemas/entry-views.js';
import { entryAddress } from '../../shared/api/entry-data.js';
import { ContentPicture } from '../../shared/components/content-picture.js';
import raisedCard from '../../shared/components/raised-card.module.css';
import { useLocale } from '../../shared/lib/use-locale.js';
import { LOCALE_LABELS } from '../language/locale-labels.js';
import { EntryMeta } from './entry-meta.js';
import styles from './note-card.module.css';

/**
 * A note in a list: its cover, its title linking to it, its summary, date and reading time. A note
 * written in another language ("also in …") links to its page in that language (`?lang=`) and says
 * which, its texts marked as that language.
 */
export function NoteCard({
  note,
  heading: Heading,
  eager = false,
}: {
  note: EntryCard;
  heading: 'h2' | 'h3';
  eager?: boolean;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const foreign = note.locale !== locale;
  const address = entryAddress('note', note.slug) + (foreign ? `?lang=${note.locale}` : '');
  const titleId = `note-${note.slug}-title`;
  return (
    <article className={`${raisedCard.card} ${styles.card}`} aria-labelledby={titleId}>
      {note.cover && (
        <span className={styles.cover}>
          <ContentPicture
            path={note.cover}
            sizes="(max-width: 700px) 100vw, 240px"
            largest={640}
            alt={note.coverAlt ?? ''}
            width={1200}
            height={630}
            loading={eager ? 'eager' : 'lazy'}
            decoding="async"
            lang={HTML_LANG[note.locale]}
          />
        </span>
      )}
      <div className={styles.text}>
        <Heading id={titleId} className={styles.title} lang={foreign ? HTML_LANG[note.locale] : undefined}>
          <Link to={address} className={styles.link}>
            {note.title}
          </Link>
        </Heading>
        <p className={styles.summary} lang={foreign ? HTML_LANG[note.locale] : undefined}>
          {note.summary}
        </p>
        {foreign && (
          <p className={styles.language}>
            {t('others.language')}: <span lang={HTML_LANG[note.locale]}>{LOCALE_LABELS[note.locale].label}</span>
          </p>
        )}
        <EntryMeta date={note.date} minutes={note.minutes} />
      </div>
    </article>
  );
}
