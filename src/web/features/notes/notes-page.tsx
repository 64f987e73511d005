import { Rss } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useLoaderData } from 'react-router';
import { APP_PATHS } from '../../../shared/paths.js';
import type { NoteListView } from '../../../shared/schemas/entry-views.js';
import { type EntryRouteData, isEntryNotFound } from '../../shared/api/entry-data.js';
import filterPill from '../../shared/components/filter-pill.module.css';
import { PageHeader } from '../../shared/components/page-header.js';
import { NotFoundPage } from '../not-found/not-found-page.js';
import { NoteCard } from './note-card.js';
import { notesAddress } from './notes-address.js';
import styles from './notes-page.module.css';

/** The notes' feed in a language (RSS 2.0; its Atom and JSON twins are linked from the page's head). */
function feedAddress(locale: string): string {
  return `${APP_PATHS.notes}/feed/${locale}.xml`;
}

/**
 * `/notes` (issue 27): the notes written in the visitor's language, newest first, a page at a time,
 * filtered by a tag; under them, the notes written only in other languages.
 */
export function NotesPage() {
  const data = useLoaderData<EntryRouteData<'notes'>>();
  if (isEntryNotFound(data)) return <NotFoundPage />;
  return <NoteList list={data} />;
}

function NoteList({ list }: { list: NoteListView }) {
  const { t } = useTranslation();
  const { tag, page, pageCount } = list;
  return (
    <div className={styles.page}>
      <PageHeader title={t('notes.title')} />
      {list.tags.length > 0 && (
        <nav className={styles.tags} aria-label={t('notes.tags_label')}>
          <ul>
            <li>
              <Link
                to={notesAddress({})}
                className={filterPill.pill}
                aria-current={tag === undefined ? 'page' : undefined}
              >
                {t('notes.all_tags')}
              </Link>
            </li>
            {list.tags.map((option) => (
              <li key={option.tag}>
                <Link
                  to={notesAddress({ tag: option.tag })}
                  className={filterPill.pill}
                  aria-current={tag === option.tag ? 'page' : undefined}
                >
                  #{option.tag} <span className={styles.count}>{option.count}</span>
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      )}
      {list.notes.length === 0 ? (
        <p className={styles.empty}>{t('notes.empty')}</p>
      ) : (
        <ol className={styles.list}>
          {list.notes.map((note, index) => (
            <li key={note.slug}>
              <NoteCard note={note} heading="h2" eager={index < 2} />
            </li>
          ))}
        </ol>
      )}
      {pageCount > 1 && (
        <nav className={styles.pages} aria-label={t('notes.pages_label')}>
          {page > 1 && (
            <Link to={notesAddress({ tag, page: page - 1 })} rel="prev" className={styles.step}>
              {t('notes.newer_page')}
            </Link>
          )}
          <ol>
            {Array.from({ length: pageCount }, (_, index) => index + 1).map((number) => (
              <li key={number}>
                <Link
                  to={notesAddress({ tag, page: number })}
                  className={styles.pageLink}
                  aria-current={number === page ? 'page' : undefined}
                  aria-label={t('notes.page', { page: number })}
                >
                  {number}
                </Link>
              </li>
            ))}
          </ol>
          {page < pageCount && (
            <Link to={notesAddress({ tag, page: page + 1 })} rel="next" className={styles.step}>
              {t('notes.older_page')}
            </Link>
          )}
        </nav>
      )}
      {list.elsewhere.length > 0 && (
        <section className={styles.elsewhere} aria-labelledby="notes-elsewhere-title">
          <h2 id="notes-elsewhere-title">{t('notes.also_in')}</h2>
          <ul className={styles.list}>
            {list.elsewhere.map((note) => (
              <li key={note.slug}>
                <NoteCard note={note} heading="h3" />
              </li>
            ))}
          </ul>
        </section>
      )}
      {list.notes.length > 0 && (
        <p>
          <a className={styles.feed} href={feedAddress(list.locale)} type="application/rss+xml">
            <Rss size={18} aria-hidden="true" />
            {t('notes.feed')}
          </a>
        </p>
      )}
    </div>
  );
}
