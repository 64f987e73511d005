import { ArrowRight, ExternalLink, X } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LOCALE_QUERY_PARAMETER } from '../../../shared/locales.js';
import { entryAddress } from '../../shared/api/entry-data.js';
import { ContentPicture } from '../../shared/components/content-picture.js';
import { Paragraphs } from '../../shared/components/paragraphs.js';
import { TagList } from '../../shared/components/tag-list.js';
import type { PortfolioCard } from './portfolio-cards.js';
import styles from './portfolio-dialog.module.css';

/** A project's own page (`/portfolio/<slug>`), in the language the address names if it names one. */
export function projectAddress(slug: string): string {
  const lang = new URLSearchParams(window.location.search).get(LOCALE_QUERY_PARAMETER);
  const query = lang === null ? '' : `?${new URLSearchParams({ [LOCALE_QUERY_PARAMETER]: lang })}`;
  return `${entryAddress('project', slug)}${query}`;
}

/**
 * A project's details in a native modal `<dialog>`: the browser traps focus, closes it with Escape
 * and hands focus back to the card that opened it.
 */
export function PortfolioDialog({
  item,
  groupTitle,
  onClose,
  onLeave,
}: {
  item: PortfolioCard;
  /** Undefined for a group the portfolio lacks. */
  groupTitle: string | undefined;
  onClose: () => void;
  /** The visitor follows the link to the project's own page. */
  onLeave: () => void;
}) {
  const { t } = useTranslation();
  const dialog = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    element.showModal();
    return () => element.close();
  }, []);

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the click is on the backdrop; Escape closes natively
    <dialog
      ref={dialog}
      className={styles.dialog}
      aria-labelledby="portfolio-dialog-title"
      onClose={onClose}
      onClick={(event) => {
        // A click on the backdrop (the dialog element itself, outside its content) closes it.
        if (event.target === dialog.current) dialog.current?.close();
      }}
    >
      <div className={styles.content}>
        <button
          type="button"
          className={styles.close}
          onClick={() => dialog.current?.close()}
          aria-label={t('portfolio.close')}
        >
          <X size={22} aria-hidden="true" />
        </button>
        {item.image && (
          <ContentPicture
            path={item.image}
            sizes="(max-width: 900px) 100vw, 900px"
            alt={item.imageAlt}
            width={1200}
            height={900}
            className={styles.image}
          />
        )}
        {/* Without a picture the text starts at the top, clear of the close button. */}
        <div className={item.image ? styles.body : `${styles.body} ${styles.bodyAlone}`}>
          <p className={styles.meta}>
            {groupTitle !== undefined && <>{groupTitle} · </>}
            <span>{t('portfolio.year')}</span> {item.year}
          </p>
          <h2 id="portfolio-dialog-title">{item.title}</h2>
          {item.role !== undefined && (
            <p className={styles.role}>
              <span>{t('portfolio.role')}:</span> {item.role}
            </p>
          )}
          <Paragraphs text={item.description} />
          {item.tags.length > 0 && <TagList tags={item.tags} variant="filled" />}
          <p className={styles.actions}>
            {item.url && (
              <a className="button button-primary" href={item.url} target="_blank" rel="noopener noreferrer">
                {t('portfolio.visit')}
                <ExternalLink size={18} aria-hidden="true" />
              </a>
            )}
            {/* The dialog's own address, as a page: it takes the dialog's place in the history. */}
            <Link className="button button-ghost" to={projectAddress(item.id)} replace onClick={onLeave}>
              {t('portfolio.open_page')}
              <ArrowRight size={18} aria-hidden="true" />
            </Link>
          </p>
        </div>
      </div>
    </dialog>
  );
}
