import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSection } from '../../shared/api/use-section.js';
import { ContentPicture } from '../../shared/components/content-picture.js';
import filterPill from '../../shared/components/filter-pill.module.css';
import { PageHeader } from '../../shared/components/page-header.js';
import raisedCard from '../../shared/components/raised-card.module.css';
import { ScrollHint } from '../../shared/components/scroll-hint.js';
import { useLocale, useLocalize } from '../../shared/lib/use-locale.js';
import { type DialogAddress, openDialogAddress } from './dialog-address.js';
import { type PortfolioCard, portfolioCards } from './portfolio-cards.js';
import { PortfolioDialog, projectAddress } from './portfolio-dialog.js';
import styles from './portfolio-page.module.css';

const ALL = 'all';

export function PortfolioPage() {
  const portfolio = useSection('portfolio');
  const { t } = useTranslation();
  const locale = useLocale();
  const localize = useLocalize();
  const [group, setGroup] = useState(ALL);
  const [openItem, setOpenItem] = useState<PortfolioCard | undefined>();
  // While a card's dialog is open the address bar shows the project's address (issue 27).
  const dialogAddress = useRef<DialogAddress | undefined>(undefined);
  useEffect(() => () => dialogAddress.current?.release(), []);
  // The route's loader fetched the section before this page rendered.
  if (!portfolio) return null;

  // A project of a group the portfolio lacks is shown under "all" only, with no group name (decision 030).
  const cards = portfolioCards(portfolio, locale);
  const items = group === ALL ? cards : cards.filter((item) => item.group === group);
  const groups = portfolio.groups.map((g) => ({ id: g.id, title: localize(g.title) }));
  const groupTitle = (id: string) => groups.find((g) => g.id === id)?.title;

  function openDialog(item: PortfolioCard) {
    dialogAddress.current?.release();
    // Back closes the dialog: the address's own history entry is left, the page stays.
    dialogAddress.current = openDialogAddress(projectAddress(item.id), () => {
      dialogAddress.current = undefined;
      setOpenItem(undefined);
    });
    setOpenItem(item);
  }

  function closeDialog() {
    dialogAddress.current?.close();
    dialogAddress.current = undefined;
    setOpenItem(undefined);
  }

  /** The dialog's link to the project's page replaces the dialog's entry: Back returns to the grid. */
  function leaveForPage() {
    dialogAddress.current?.release();
    dialogAddress.current = undefined;
  }

  return (
    <div className={styles.page}>
      <PageHeader title={t('portfolio.title')} />
      {/* "all" comes first; each group filters the grid */}
      <fieldset className={styles.filters}>
        <legend className="visually-hidden">{t('portfolio.filter_label')}</legend>
        {[{ id: ALL, title: t('portfolio.groups.all') }, ...groups].map((option) => (
          <button
            key={option.id}
            type="button"
            aria-pressed={group === option.id}
            className={filterPill.pill}
            onClick={() => setGroup(option.id)}
          >
            {option.title}
          </button>
        ))}
      </fieldset>
      {items.length === 0 ? (
        <p className={styles.empty}>{t('portfolio.empty')}</p>
      ) : (
        <ul className={styles.grid} aria-live="polite">
          {items.map((item, index) => (
            // The card is one target, but its button is named by the title alone: a name that left
            // out the card's other visible text would fail "label in name" (WCAG 2.5.3). The button's
            // ::after stretches over the whole card.
            <li key={item.id} id={`portfolio-item-${item.id}`} className={`${raisedCard.card} ${styles.card}`}>
              <span className={styles.imageFrame}>
                {item.image ? (
                  <ContentPicture
                    path={item.image}
                    sizes="(max-width: 700px) 100vw, (max-width: 1100px) 50vw, 400px"
                    largest={1024}
                    alt={item.imageAlt}
                    width={1200}
                    height={900}
                    loading={index < 3 ? 'eager' : 'lazy'}
                    // The first card's picture is the largest thing a phone paints first; the next two
                    // (beside it on a wide screen) come after it, and are not preloaded ahead of it.
                    fetchPriority={index === 0 ? 'high' : 'low'}
                    decoding="async"
                  />
                ) : (
                  // A project without a cover: its initial, as a picture would stand there.
                  <span className={styles.placeholder} aria-hidden="true">
                    {Array.from(item.title)[0]}
                  </span>
                )}
              </span>
              <div className={styles.cardText}>
                {groupTitle(item.group) !== undefined && (
                  <span className={styles.cardGroup}>{groupTitle(item.group)}</span>
                )}
                <h2 className={styles.cardTitle}>
                  <button
                    type="button"
                    className={styles.cardButton}
                    onClick={() => openDialog(item)}
                    aria-describedby={`portfolio-summary-${item.id}`}
                  >
                    {item.title}
                  </button>
                </h2>
                <p id={`portfolio-summary-${item.id}`} className={styles.cardSummary}>
                  {item.summary}
                </p>
              </div>
            </li>
          ))}
        </ul>
      )}
      {openItem && (
        <PortfolioDialog
          item={openItem}
          groupTitle={groupTitle(openItem.group)}
          onClose={closeDialog}
          onLeave={leaveForPage}
        />
      )}
      <ScrollHint />
    </div>
  );
}
