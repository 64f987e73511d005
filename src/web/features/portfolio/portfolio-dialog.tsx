import { ExternalLink, X } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { PortfolioItem } from '../../../shared/schemas/content.js';
import { ContentPicture } from '../../shared/components/content-picture.js';
import { Paragraphs } from '../../shared/components/paragraphs.js';
import { TagList } from '../../shared/components/tag-list.js';
import { useLocalize } from '../../shared/lib/use-locale.js';
import styles from './portfolio-dialog.module.css';

/**
 * A project's details in a native modal `<dialog>`: the browser traps focus, closes it with Escape
 * and hands focus back to the card that opened it.
 */
export function PortfolioDialog({
  item,
  groupTitle,
  onClose,
}: {
  item: PortfolioItem;
  groupTitle: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const localize = useLocalize();
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
        <ContentPicture
          path={item.image}
          sizes="(max-width: 900px) 100vw, 900px"
          alt={localize(item.image_alt)}
          width={1200}
          height={900}
          className={styles.image}
        />
        <div className={styles.body}>
          <p className={styles.meta}>
            {groupTitle} · <span>{t('portfolio.year')}</span> {item.year}
          </p>
          <h2 id="portfolio-dialog-title">{localize(item.title)}</h2>
          <Paragraphs text={localize(item.description)} />
          {item.tags.length > 0 && <TagList tags={item.tags} variant="filled" />}
          {item.url && (
            <a className="button button-primary" href={item.url} target="_blank" rel="noopener noreferrer">
              {t('portfolio.visit')}
              <ExternalLink size={18} aria-hidden="true" />
            </a>
          )}
        </div>
      </div>
    </dialog>
  );
}
