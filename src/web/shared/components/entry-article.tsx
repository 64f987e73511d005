import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { HTML_LANG, type Locale } from '../../../shared/locales.js';
import { ContentPicture } from './content-picture.js';
import styles from './entry-article.module.css';

/** What a note's and a project's own pages share (issue 27): the header, the cover, the footer's rule. */
export function EntryArticle({
  id,
  className,
  locale,
  back,
  meta,
  title,
  summary,
  header,
  cover,
  children,
  footer,
}: {
  /** The title's id, which names the article (one of the ids headings never take, RESERVED_IDS). */
  id: string;
  /** The page's own width (a CSS module's class, so possibly undefined to the types). */
  className: string | undefined;
  /** The entry's language: its texts are marked with it. */
  locale: Locale;
  /** The way back to the list the entry belongs to. */
  back: { to: string; label: string };
  /** A line above the title (a project's group and year). */
  meta?: ReactNode;
  title: string;
  summary: string;
  /** The header's further lines, under the summary. */
  header?: ReactNode;
  cover?: { path: string; alt: string; width: number; height: number; sizes: string } | undefined;
  /** Between the cover and the footer. */
  children: ReactNode;
  footer: ReactNode;
}) {
  const lang = HTML_LANG[locale];
  return (
    <article className={[styles.article, className].filter(Boolean).join(' ')} aria-labelledby={id}>
      <header className={styles.header}>
        <p>
          <Link to={back.to} className={styles.back}>
            <ArrowLeft size={18} aria-hidden="true" />
            {back.label}
          </Link>
        </p>
        {meta !== undefined && <p className={styles.meta}>{meta}</p>}
        <h1 id={id} tabIndex={-1} lang={lang}>
          {title}
        </h1>
        <p className={styles.summary} lang={lang}>
          {summary}
        </p>
        {header}
      </header>
      {cover && (
        <ContentPicture
          path={cover.path}
          sizes={cover.sizes}
          alt={cover.alt}
          width={cover.width}
          height={cover.height}
          className={styles.cover}
          fetchPriority="high"
          lang={lang}
        />
      )}
      {children}
      <footer className={styles.footer}>{footer}</footer>
    </article>
  );
}
