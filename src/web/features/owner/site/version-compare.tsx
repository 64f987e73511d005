import type { TFunction } from 'i18next';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { HTML_LANG, isLocale, type Locale } from '../../../../shared/locales.js';
import type { ContentChange } from '../../../../shared/schemas/content-store.js';
import { useContentComparison } from '../api/compare-content-versions.js';
import { ErrorMessage } from '../components/error-message.js';
import { type ChangeRow, changeRows, type WordPart, wordParts } from './change-rows.js';
import { type PathPart, pathParts, setAt } from './form-model.js';
import styles from './version-compare.module.css';

function partWords(t: TFunction<'studio'>, part: PathPart): string {
  if (part.kind === 'section') return t(`sections.${part.section}` as 'sections.home', { defaultValue: part.section });
  if (part.kind === 'field') return part.label ? t(`fields.${part.label}`) : part.key;
  if (part.kind === 'language') return t(`languages.${part.locale}`);
  const list = part.label ? t(`fields.${part.label}`) : part.list;
  const kind = part.itemName ? t(`item_names.${part.itemName}`) : list;
  return part.content
    ? t('list.item_named', { item: kind, content: part.content })
    : t('list.item', { label: kind, number: part.index + 1 });
}

/** Path parts in the studio's words: "Home › Highlight: 8+ › Label › Русский". */
function pathWords(t: TFunction<'studio'>, parts: PathPart[]): string {
  return parts.map((part) => partWords(t, part)).join(' › ');
}

/** A changed field's content for naming its list items: the change's own value, put at its path. */
const ownContent = (change: ContentChange): unknown => setAt({}, change.path.split('.'), change.after ?? change.before);

export interface ChangeListProps {
  changes: ContentChange[];
  /** The column names ("Version 1", "Published now (version 3)"). */
  sides: { before: string; after: string };
  /** The newer side first (the conflict dialog shows this page's version first). */
  afterFirst?: boolean;
  /**
   * `changes`: old and new, removed words struck and added words underlined; `differences`: two
   * versions neither of which is older, the words that differ marked on both.
   */
  marks?: 'changes' | 'differences';
  /** The content that names list items ("Highlight: 8+"); by default each change's own value. */
  naming?: (change: ContentChange) => unknown;
}

/** Changes field by field, each text's two versions side by side per language, the changed words marked. */
export function ChangeList({
  changes,
  sides,
  afterFirst = false,
  marks = 'changes',
  naming = ownContent,
}: ChangeListProps) {
  const { t, i18n } = useTranslation('studio');
  const locale: Locale = isLocale(i18n.language) ? i18n.language : 'english';
  return (
    <ul className={styles.changes}>
      {changes.map((change) => {
        const content = naming(change);
        const fieldParts = pathParts(change.path, content, locale);
        const rows = changeRows(change);
        return (
          <li key={`${change.path}-${change.kind}`} className={styles.change}>
            <h4 className={styles.heading}>
              <span>{pathWords(t, fieldParts)}</span>
              <span className={styles.kind}>{t(`history.kinds.${change.kind}`)}</span>
            </h4>
            {change.kind === 'moved' && change.fromPath && (
              <p className={styles.note}>
                {t('compare.moved_from', { place: pathWords(t, pathParts(change.fromPath, undefined, locale)) })}
              </p>
            )}
            {change.kind !== 'moved' && rows.length === 0 && <p className={styles.note}>{t('compare.no_texts')}</p>}
            {rows.map((row) => {
              const rowParts = pathParts(row.path, content, locale);
              const rowName =
                rowParts.length > fieldParts.length ? pathWords(t, rowParts.slice(fieldParts.length)) : '';
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

/** What changed from a version to the published one, field by field, the texts side by side per language. */
export function VersionCompare({ from, to }: { from: number; to: number }) {
  const { t } = useTranslation('studio');
  const comparison = useContentComparison(from, to);
  const titleId = useId();
  if (comparison.error) return <ErrorMessage error={comparison.error} />;
  if (!comparison.data) return <p className={styles.note}>{t('loading')}</p>;
  const changes = comparison.data.sections.flatMap(({ changes }) => changes);
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
          sides={{ before: t('compare.older', { number: from }), after: t('compare.newer', { number: to }) }}
        />
      )}
    </section>
  );
}
