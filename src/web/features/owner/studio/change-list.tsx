import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { HTML_LANG, type Locale } from '../../../../shared/locales.js';
import type { ContentChange } from '../../../../shared/schemas/content-store.js';
import { ErrorMessage } from '../components/error-message.js';
import styles from './change-list.module.css';
import { type ChangeRow, changeRows, type WordPart, wordParts } from './change-rows.js';

/**
 * A path of a comparison in words, part by part ("Home", "Highlight: 8+", "Label", "Русский"); `change`
 * is the change the path belongs to, absent for a moved item's old place. Each editor has its own
 * words (the sections' forms, an entry's fields); the list only joins them.
 */
export type PathWords = (path: string, change?: ContentChange) => string[];

export interface ChangeListProps {
  changes: ContentChange[];
  /** The column names ("Version 1", "Published now (version 3)"). */
  sides: { before: string; after: string };
  pathWords: PathWords;
  /** The newer side first (the conflict dialog shows this page's version first). */
  afterFirst?: boolean;
  /**
   * `changes`: old and new, removed words struck and added words underlined; `differences`: two
   * versions neither of which is older, the words that differ marked on both.
   */
  marks?: 'changes' | 'differences';
}

const joined = (words: string[]) => words.join(' › ');

/** Changes field by field, each text's two versions side by side per language, the changed words marked. */
export function ChangeList({ changes, sides, pathWords, afterFirst = false, marks = 'changes' }: ChangeListProps) {
  const { t } = useTranslation('studio');
  return (
    <ul className={styles.changes}>
      {changes.map((change) => {
        const fieldWords = pathWords(change.path, change);
        const rows = changeRows(change);
        return (
          <li key={`${change.path}-${change.kind}`} className={styles.change}>
            <h4 className={styles.heading}>
              <span>{joined(fieldWords)}</span>
              <span className={styles.kind}>{t(`history.kinds.${change.kind}`)}</span>
            </h4>
            {change.kind === 'moved' && change.fromPath && (
              <p className={styles.note}>{t('compare.moved_from', { place: joined(pathWords(change.fromPath)) })}</p>
            )}
            {change.kind !== 'moved' && rows.length === 0 && <p className={styles.note}>{t('compare.no_texts')}</p>}
            {rows.map((row) => {
              const rowWords = pathWords(row.path, change);
              const rowName = rowWords.length > fieldWords.length ? joined(rowWords.slice(fieldWords.length)) : '';
              return (
                <div key={row.path} className={styles.row}>
                  {rowName && <p className={styles.rowName}>{rowName}</p>}
                  <SideBySide row={row} sides={sides} afterFirst={afterFirst} marks={marks} />
                </div>
              );
            })}
          </li>
        );
      })}
    </ul>
  );
}

function SideBySide({
  row,
  sides,
  afterFirst,
  marks,
}: {
  row: ChangeRow;
  sides: ChangeListProps['sides'];
  afterFirst: boolean;
  marks: NonNullable<ChangeListProps['marks']>;
}) {
  const parts = wordParts(row.before ?? '', row.after ?? '', row.locale);
  const columns = [
    { key: 'before', name: sides.before, text: row.before, parts: parts.before },
    { key: 'after', name: sides.after, text: row.after, parts: parts.after },
  ];
  if (afterFirst) columns.reverse();
  return (
    <div className={styles.sides}>
      {columns.map((column) => (
        <div key={column.key} className={styles.side}>
          <p className={styles.sideName}>{column.name}</p>
          <SideText text={column.text} parts={column.parts} locale={row.locale} marks={marks} />
        </div>
      ))}
    </div>
  );
}

function SideText({
  text,
  parts,
  locale,
  marks,
}: {
  text: string | undefined;
  parts: WordPart[];
  locale: Locale | undefined;
  marks: NonNullable<ChangeListProps['marks']>;
}) {
  const { t } = useTranslation('studio');
  if (text === undefined) return <p className={styles.missing}>{t('compare.none')}</p>;
  if (text === '') return <p className={styles.missing}>{t('compare.empty')}</p>;
  // Screen readers do not announce <del>, <ins> or <mark> everywhere: each says what it is in words.
  const hidden = (words: string) => <span className="visually-hidden">{` ${words} `}</span>;
  return (
    <p className={styles.text} lang={locale ? HTML_LANG[locale] : undefined}>
      {parts.map((part, index) => {
        // The parts of one text, in order: they never move, so their place is their key.
        const key = index;
        if (part.kind === 'same') return <span key={key}>{part.text}</span>;
        if (marks === 'differences') {
          return (
            <mark key={key}>
              {hidden(t('compare.different'))}
              {part.text}
              {hidden(t('compare.end'))}
            </mark>
          );
        }
        return part.kind === 'removed' ? (
          <del key={key}>
            {hidden(t('compare.removed'))}
            {part.text}
            {hidden(t('compare.end'))}
          </del>
        ) : (
          <ins key={key}>
            {hidden(t('compare.added'))}
            {part.text}
            {hidden(t('compare.end'))}
          </ins>
        );
      })}
    </p>
  );
}

/**
 * What changed from a version to the published one, field by field, the texts side by side per
 * language; `changes` is undefined while the versions load.
 */
export function VersionChanges({
  from,
  to,
  changes,
  error,
  pathWords,
}: {
  from: number;
  to: number;
  changes: ContentChange[] | undefined;
  error: unknown;
  pathWords: PathWords;
}) {
  const { t } = useTranslation('studio');
  const titleId = useId();
  if (error) return <ErrorMessage error={error} />;
  if (!changes) return <p className={styles.note}>{t('loading')}</p>;
  return (
    <section aria-labelledby={titleId}>
      <h3 id={titleId} className="visually-hidden">
        {t('history.compare')}
      </h3>
      {changes.length === 0 ? (
        <p>{t('history.no_changes')}</p>
      ) : (
        <ChangeList
          changes={changes}
          pathWords={pathWords}
          sides={{ before: t('compare.older', { number: from }), after: t('compare.newer', { number: to }) }}
        />
      )}
    </section>
  );
}
