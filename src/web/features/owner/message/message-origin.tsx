import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { MessageOrigin as Origin } from '../../../../shared/schemas/message-origin.js';
import { OTHER_VALUE } from '../../../../shared/schemas/stats.js';
import { useMessageOrigin } from '../api/get-message-origin.js';
import { useDateFormat } from '../components/use-date-format.js';
import styles from './message-origin.module.css';

/** A page as the statistics keep it: its address, or the words for a page that is not the site's. */
function usePageName(): (path: string | null) => string {
  const { t } = useTranslation('owner');
  return (path) =>
    path === null ? t('stats.values.not_given') : path === OTHER_VALUE ? t('message.origin.other_page') : path;
}

function OriginFacts({ origin }: { origin: Origin }) {
  const { t } = useTranslation('owner');
  const formatDate = useDateFormat();
  const pageName = usePageName();
  const campaign = [origin.source, origin.medium, origin.campaign].filter((value) => value !== null);
  const minutes = Math.floor(origin.secondsBeforeWriting / 60);
  return (
    <>
      <dl className={styles.facts}>
        <dt>{t('message.origin.first_visit')}</dt>
        <dd>
          <time dateTime={origin.firstVisitAt}>{formatDate(origin.firstVisitAt)}</time>
        </dd>
        <dt>{t('message.origin.landing_page')}</dt>
        <dd className={styles.path}>{pageName(origin.landingPage)}</dd>
        <dt>{t('message.origin.referrer')}</dt>
        <dd>{origin.referrer ?? t('stats.values.direct')}</dd>
        <dt>{t('message.origin.campaign')}</dt>
        <dd>{campaign.length > 0 ? campaign.join(' · ') : t('message.origin.no_campaign')}</dd>
        <dt>{t('message.origin.device')}</dt>
        <dd>{t(`stats.values.devices.${origin.device}`)}</dd>
        <dt>{t('message.origin.visits')}</dt>
        <dd>{origin.visits}</dd>
        <dt>{t('message.origin.before_writing')}</dt>
        <dd>
          {minutes < 1
            ? t('message.origin.under_a_minute', { count: origin.pagesRead.length })
            : t('message.origin.pages_in_minutes', { count: origin.pagesRead.length, minutes })}
        </dd>
      </dl>
      <ol className={styles.pages} aria-label={t('message.origin.pages_read')}>
        {origin.pagesRead.map((path, index) => (
          // The same page may be read twice; the order is the row's identity.
          // biome-ignore lint/suspicious/noArrayIndexKey: the list never reorders
          <li key={index} className={styles.path}>
            {pageName(path)}
          </li>
        ))}
      </ol>
    </>
  );
}

/**
 * "How they found you" (issue 30, item 4): the writer's visits, when the writer was counted. Never
 * an address: only what the statistics keep (decision 039).
 */
export function MessageOriginSection({ messageId }: { messageId: string }) {
  const { t } = useTranslation('owner');
  const { data, isPending, isError } = useMessageOrigin(messageId);
  // A generated id: a note's heading ids can never meet it (markdown/heading-ids.ts).
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className={styles.origin}>
      <h2 id={headingId}>{t('message.origin.title')}</h2>
      {isPending ? (
        <p className={styles.muted}>{t('loading')}</p>
      ) : isError || !data.origin ? (
        <p className={styles.muted}>{isError ? t('message.origin.unavailable') : t('message.origin.not_known')}</p>
      ) : (
        <OriginFacts origin={data.origin} />
      )}
    </section>
  );
}
