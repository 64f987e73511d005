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
  return (
    <section className={styles.page} aria-labelledby="not-found-title">
      <p className={styles.code} aria-hidden="true">
        404
      </p>
      <h1 id="not-found-title" tabIndex={-1}>
        {t('errors.404.title')}
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
