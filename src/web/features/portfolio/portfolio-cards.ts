import type { Locale } from '../../../shared/locales.js';
import type { SectionData } from '../../shared/api/content-api.js';

/** One card of the portfolio's grid and what its dialog shows, in one language. */
export interface PortfolioCard {
  /** The item's id or the project's slug: the card's address is `/portfolio/<id>`. */
  id: string;
  group: string;
  year: number;
  title: string;
  summary: string;
  /** A project made in the studio may have no cover. */
  image?: string;
  imageAlt: string;
  /** The dialog's text: paragraphs apart by blank lines. */
  description: string;
  tags: string[];
  /** The live work. */
  url?: string;
  /** The owner's part in a project made in the studio. */
  role?: string;
}

/**
 * The grid's cards in `locale` (decision 030): the owner's items in the owner's order, then the
 * published projects no item stands for, newest first, each only in the languages it is written in.
 */
export function portfolioCards(portfolio: SectionData<'portfolio'>, locale: Locale): PortfolioCard[] {
  const items = portfolio.items.map(
    (item): PortfolioCard => ({
      id: item.id,
      group: item.group,
      year: item.year,
      title: item.title[locale],
      summary: item.summary[locale],
      image: item.image,
      imageAlt: item.image_alt[locale],
      description: item.description[locale],
      tags: item.tags,
      ...(item.url ? { url: item.url } : {}),
    }),
  );
  const projects = (portfolio.projects ?? []).flatMap((project): PortfolioCard[] => {
    const text = project.text[locale];
    if (!text) return [];
    return [
      {
        id: project.id,
        group: project.group,
        year: project.year,
        title: text.title,
        summary: text.summary,
        ...(project.cover ? { image: project.cover } : {}),
        imageAlt: text.coverAlt ?? '',
        // The summary leads, then the body's opening: the page has the rest.
        description: text.lead ? `${text.summary}\n\n${text.lead}` : text.summary,
        tags: project.tags,
        ...(project.url ? { url: project.url } : {}),
        ...(text.role ? { role: text.role } : {}),
      },
    ];
  });
  return [...items, ...projects];
}
