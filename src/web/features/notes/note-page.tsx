import { ArrowLeft, ArrowRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useLoaderData } from 'react-router';
import { HTML_LANG } from '../../../shared/locales.js';
import { APP_PATHS } from '../../../shared/paths.js';
import type { NoteView } from '../../../shared/schemas/entry-views.js';
import { type EntryRouteData, entryAddress, isEntryNotFound } from '../../shared/api/entry-data.js';
import { EntryArticle } from '../../shared/components/entry-article.js';
import { NotFoundPage } from '../not-found/not-found-page.js';
import { EntryBody } from './entry-body.js';
import { EntryMeta } from './entry-meta.js';
import styles from './note-page.module.css';
import { notesAddress } from './notes-address.js';
import { TableOfContents } from './table-of-contents.js';

/** `/notes/<slug>` (issue 27): one note in the visitor's language, or the 404 page when it has none. */
export function NotePage() {
  const data = useLoaderData<EntryRouteData<'note'>>();
  if (isEntryNotFound(data)) return <NotFoundPage />;
  return <Note note={data} />;
}

function Note({ note }: { note: NoteView }) {
  const { t } = useTranslation();
  const lang = HTML_LANG[note.locale];
  return (
    <EntryArticle
      id="note-title"
      className={styles.note}
      locale={note.locale}
      back={{ to: APP_PATHS.notes, label: t('notes.all_notes') }}
      title={note.title}
      summary={note.summary}
      header={
        <>
          <EntryMeta date={note.date} minutes={note.minutes} />
          {note.tags.length > 0 && (
            <ul className={styles.tags} aria-label={t('notes.tags')}>
              {note.tags.map((tag) => (
                <li key={tag}>
                  <Link to={notesAddress({ tag })}>#{tag}</Link>
                </li>
              ))}
            </ul>
          )}
        </>
      }
      cover={
        note.cover === undefined
          ? undefined
          : {
              path: note.cover,
              alt: note.coverAlt ?? '',
              width: 1200,
              height: 630,
              sizes: '(max-width: 900px) 100vw, 900px',
            }
      }
      footer={
        <>
          {(note.newer || note.older) && (
            <nav className={styles.neighbours} aria-label={t('notes.neighbours')}>
              {note.newer && (
                <Link to={entryAddress('note', note.newer.slug)} rel="next" className={styles.neighbour}>
                  <span className={styles.direction}>
                    <ArrowLeft size={16} aria-hidden="true" />
                    {t('notes.newer')}
                  </span>
                  <span lang={lang}>{note.newer.title}</span>
                </Link>
              )}
              {note.older && (
                <Link
                  to={entryAddress('note', note.older.slug)}
                  rel="prev"
                  className={`${styles.neighbour} ${styles.older}`}
                >
                  <span className={styles.direction}>
                    {t('notes.older')}
                    <ArrowRight size={16} aria-hidden="true" />
                  </span>
                  <span lang={lang}>{note.older.title}</span>
                </Link>
              )}
            </nav>
          )}
          <p>
            <Link to={APP_PATHS.notes} className="button button-ghost">
              {t('notes.all_notes')}
            </Link>
          </p>
        </>
      }
    >
      <TableOfContents headings={note.headings} />
      <EntryBody html={note.html} locale={note.locale} />
    </EntryArticle>
  );
}
