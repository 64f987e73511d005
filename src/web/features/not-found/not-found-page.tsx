import { useTranslation } from 'react-i18next';
import { Link, useLoaderData } from 'react-router';
import { APP_PATHS } from '../../../shared/paths.js';
import styles from './not-found-page.module.css';

/** Spec §2: the 404 title and one of the six jokes, chosen at random (the same joke across languages). */
export function NotFoundPage() {
  const { t } = useTranslation();
  const jokes = t('errors.404.joke_descriptions', { returnObjects: true }) as string[];
  // The route's loader chose the joke (on the server for a first visit), so the server's markup and
  // the browser's agree.
  const { jokeIndex } = useLoaderData<{ jokeIndex: number }>();
  // The title's own "404" is the big number, and its words stand under it: the heading reads
  // "404 – Topilmadi" whole (spec §2, §8), and the page says 404 once. A title without the number
  // keeps the number above it, unread.
  const title = t('errors.404.title');
  const [, code, separator, words] = /^(404)(\s*[–—-]\s*)(.+)$/su.exec(title) ?? [];
  return (
    <section className={styles.page} aria-labelledby="not-found-title">
      {!code && (
        <p className={styles.code} aria-hidden="true">
          404
        </p>
      )}
      <h1 id="not-found-title" className={styles.title} tabIndex={-1}>
        {code ? (
          <>
            <span className={styles.code}>{code}</span>
            <span className="visually-hidden">{separator}</span>
            <span>{words}</span>
          </>
        ) : (
          title
        )}
      </h1>
      <p className={styles.joke} data-testid="joke">
        {jokes[jokeIndex % jokes.length]}
      </p>
      <Link to={APP_PATHS.index} className="button button-primary">
        {t('errors.404.back_home')}
      </Link>
    </section>
  );
}
