import { ArrowDown, ArrowUp, Copy, type LucideIcon, Plus, Trash2 } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { HTML_LANG, type Locale } from '../../../../shared/locales.js';
import type { ItemName } from '../../../../shared/schemas/field-meta.js';
import { SOCIAL_ICONS } from '../../../../shared/social-icons.js';
import { AddressWords } from '../../../shared/components/email-address.js';
import { BrandIcon } from '../../../shared/icons/brand-icon.js';
import { describedByIds, FieldProblem } from '../studio/field-problem.js';
import { useDraftEditor } from './draft-context.js';
import styles from './field-editor.module.css';
import {
  changeList,
  emptyValue,
  type FieldNode,
  fieldId,
  itemContent,
  type ListAction,
  valueAt,
} from './form-model.js';
import { formatTextArea, HtmlToolbar, shortcutFormat } from './html-toolbar.js';
import { PictureControl } from './picture-field.js';

type Path = readonly (string | number)[];

interface FieldProps {
  node: FieldNode;
  path: Path;
  label: string;
  /** The languages in the order the columns show them (the interface language first). */
  languages: readonly Locale[];
  /** On a phone only this language's column shows. */
  phoneLanguage: Locale;
  /** What the field wants, in words under its label ("The year it began, for example 2019."). */
  hint?: string | undefined;
  /** The field is a list's item: the item's bar shows its name, so its own label is only for screen readers. */
  inItem?: boolean;
}

const hintId = (path: Path) => `${fieldId(path)}-hint`;

function Hint({ path, hint }: { path: Path; hint: string | undefined }) {
  if (!hint) return null;
  return (
    <p id={hintId(path)} className={styles.hint}>
      {hint}
    </p>
  );
}

/** The problem at a field, with the id its control points at. */
function FieldError({ path }: { path: Path }) {
  const { problems } = useDraftEditor();
  return <FieldProblem controlId={fieldId(path)} code={problems.get(path.join('.'))} />;
}

const describedBy = (path: Path, problems: Map<string, unknown>, ...extra: (string | undefined)[]) =>
  describedByIds(fieldId(path), problems.has(path.join('.')), ...extra);

/** "120 of 2000 characters", shown under long texts and near a field's limit. */
function LengthCount({ id, length, max, always }: { id: string; length: number; max: number; always: boolean }) {
  const { t } = useTranslation('studio');
  if (!Number.isFinite(max) || (!always && length < max * 0.8)) return null;
  return (
    <span id={id} className={length > max ? styles.overLimit : styles.count}>
      {t('length', { count: length, max })}
    </span>
  );
}

/** One text control: an input, or a textarea for long texts; an empty optional text leaves the content. */
function TextControl({
  path,
  value,
  max,
  multiline,
  lines = 5,
  type = 'text',
  optional,
  labelledBy,
  lang,
  onValue,
  html = false,
  hinted,
}: {
  /** The id of the field's hint, read after the label. */
  hinted?: string | undefined;
  /** Sets the value another way than at `path` (a translated field sets all its languages at once). */
  onValue?: (next: string) => void;
  /** An HTML text: Ctrl+B and Ctrl+I write its markup (html-toolbar.tsx). */
  html?: boolean;
  path: Path;
  value: unknown;
  max: number;
  multiline: boolean;
  /** A text area's height in lines. */
  lines?: number | undefined;
  type?: string;
  optional: boolean;
  labelledBy: string;
  lang?: string;
}) {
  const { change, problems, store } = useDraftEditor();
  const text = typeof value === 'string' ? value : value === undefined || value === null ? '' : String(value);
  const id = fieldId(path);
  const countId = `${id}-count`;
  const shared = {
    id,
    lang,
    'aria-labelledby': labelledBy,
    'aria-invalid': problems.has(path.join('.')) || undefined,
    'aria-describedby': describedBy(path, problems, hinted, Number.isFinite(max) ? countId : undefined),
    className: styles.input,
    value: text,
    onBlur: () => store.leaveField(),
  };
  const onChange = onValue ?? ((next: string) => change(path, optional && next === '' ? undefined : next));
  return (
    <>
      {multiline ? (
        <textarea
          {...shared}
          rows={lines}
          onChange={(event) => onChange(event.target.value)}
          onKeyDown={(event) => {
            const format = html ? shortcutFormat(event) : undefined;
            if (!format) return;
            event.preventDefault();
            formatTextArea(id, format, onChange);
          }}
        />
      ) : (
        <input {...shared} type={type} onChange={(event) => onChange(event.target.value)} />
      )}
      <LengthCount id={countId} length={text.length} max={max} always={multiline} />
    </>
  );
}

function Translated({
  node,
  path,
  label,
  languages,
  phoneLanguage,
  hint,
  inItem,
}: FieldProps & { node: FieldNode & { kind: 'translated' } }) {
  const { t } = useTranslation('studio');
  const { snapshot, change, problems } = useDraftEditor();
  const legendId = useId();
  const value = valueAt(snapshot.content, path);
  return (
    <fieldset className={styles.group} id={fieldId(path)} tabIndex={-1} aria-describedby={describedBy(path, problems)}>
      <legend id={legendId} className={inItem ? 'visually-hidden' : styles.legend}>
        {label}
      </legend>
      <Hint path={path} hint={hint} />
      {node.html && (
        <p className={styles.hint}>
          {t('html_hint')} {t('html_editor.hint')}
        </p>
      )}
      <FieldError path={path} />
      <div className={styles.languages}>
        {languages.map((locale) => {
          const labelId = `${legendId}-${locale}`;
          const setText = (next: string) => {
            const texts = { ...(typeof value === 'object' && value !== null ? value : {}), [locale]: next };
            // An optional translated field emptied in every language leaves the content.
            const empty = Object.values(texts).every((text) => text === '');
            change(path, node.optional && empty ? undefined : texts);
          };
          return (
            <div key={locale} className={locale === phoneLanguage ? styles.language : styles.languageHiddenOnPhone}>
              <span id={labelId} className={styles.languageName}>
                {t(`languages.${locale}`)}
              </span>
              {node.html && (
                <HtmlToolbar
                  textAreaId={fieldId([...path, locale])}
                  label={t('html_editor.toolbar', { language: t(`languages.${locale}`) })}
                  onValue={setText}
                />
              )}
              <TextControl
                path={[...path, locale]}
                value={valueAt(value, [locale])}
                max={node.max}
                multiline={node.multiline}
                lines={node.lines}
                optional={false}
                labelledBy={`${legendId} ${labelId}`}
                lang={HTML_LANG[locale]}
                html={node.html}
                hinted={hint ? hintId(path) : undefined}
                onValue={setText}
              />
              <FieldError path={[...path, locale]} />
            </div>
          );
        })}
      </div>
    </fieldset>
  );
}

function Labelled({
  path,
  label,
  hint,
  inItem,
  children,
}: {
  path: Path;
  label: string;
  hint?: string | undefined;
  inItem?: boolean | undefined;
  /** Draws the control, labelled by `labelId` and described by `hinted` (the hint's id, if any). */
  children: (labelId: string, hinted: string | undefined) => ReactNode;
}) {
  const labelId = `${fieldId(path)}-label`;
  return (
    <div className={styles.field}>
      <label id={labelId} htmlFor={fieldId(path)} className={inItem ? 'visually-hidden' : styles.label}>
        {label}
      </label>
      <Hint path={path} hint={hint} />
      {children(labelId, hint ? hintId(path) : undefined)}
      <FieldError path={path} />
    </div>
  );
}

function NumberField({ node, path, label, hint, inItem }: FieldProps & { node: FieldNode & { kind: 'number' } }) {
  const { snapshot, change, problems, store } = useDraftEditor();
  const value = valueAt(snapshot.content, path);
  return (
    <Labelled path={path} label={label} hint={hint} inItem={inItem}>
      {(labelId, hinted) => (
        <input
          id={fieldId(path)}
          aria-labelledby={labelId}
          className={styles.number}
          type="number"
          inputMode="numeric"
          min={node.min}
          max={node.max}
          value={typeof value === 'number' ? value : ''}
          aria-invalid={problems.has(path.join('.')) || undefined}
          aria-describedby={describedBy(path, problems, hinted)}
          onBlur={() => store.leaveField()}
          onChange={(event) => {
            const text = event.target.value;
            change(path, text === '' ? (node.optional ? undefined : null) : Number(text));
          }}
        />
      )}
    </Labelled>
  );
}

function SocialIconField({ path, label, hint, inItem }: FieldProps) {
  const { snapshot, change, problems, store } = useDraftEditor();
  const value = String(valueAt(snapshot.content, path) ?? '');
  const names = Object.keys(SOCIAL_ICONS);
  return (
    <Labelled path={path} label={label} hint={hint} inItem={inItem}>
      {(labelId, hinted) => (
        <div className={styles.iconPicker}>
          <BrandIcon icon={value} size={24} />
          <select
            id={fieldId(path)}
            aria-labelledby={labelId}
            className={styles.input}
            value={value}
            aria-invalid={problems.has(path.join('.')) || undefined}
            aria-describedby={describedBy(path, problems, hinted)}
            onBlur={() => store.leaveField()}
            onChange={(event) => change(path, event.target.value)}
          >
            {!names.includes(value) && <option value={value}>{value}</option>}
            {names.map((name) => (
              <option key={name} value={name}>
                {SOCIAL_ICONS[name as keyof typeof SOCIAL_ICONS]} ({name})
              </option>
            ))}
          </select>
        </div>
      )}
    </Labelled>
  );
}

/** One of a list item's buttons: an icon, named for the item it acts on. */
function ItemButton({
  label,
  Icon,
  ...button
}: {
  id?: string;
  label: string;
  Icon: LucideIcon;
  disabled?: boolean;
  onClick: () => void;
}) {
  return (
    <button type="button" className={styles.iconButton} aria-label={label} {...button}>
      <Icon aria-hidden="true" size={18} />
    </button>
  );
}

const MOVES = [
  { direction: 'up', step: -1, Icon: ArrowUp },
  { direction: 'down', step: 1, Icon: ArrowDown },
] as const;

/**
 * Each item's name: its kind and its own words ("Highlight: 8+"), or its place while it has none
 * ("Highlight 3"); two items with the same words are told apart by their place ("Tag 2: react").
 */
function useItemNames(itemName: ItemName | undefined, listLabel: string, items: unknown[], locale: Locale): string[] {
  const { t } = useTranslation('studio');
  const kind = itemName ? t(`item_names.${itemName}`) : listLabel;
  const contents = items.map((item) => itemContent(item, locale));
  return contents.map((content, index) => {
    const numbered = t('list.item', { label: kind, number: index + 1 });
    if (content === undefined) return numbered;
    const shared = contents.indexOf(content) !== contents.lastIndexOf(content);
    return t('list.item_named', { item: shared ? numbered : kind, content });
  });
}

function ListField({ node, path, label, hint, inItem, ...rest }: FieldProps & { node: FieldNode & { kind: 'list' } }) {
  const { t } = useTranslation('studio');
  const { snapshot, change, problems } = useDraftEditor();
  const value = valueAt(snapshot.content, path);
  const items = Array.isArray(value) ? value : [];
  const id = fieldId(path);
  const itemNames = useItemNames(node.itemName, label, items, rest.languages[0] ?? rest.phoneLanguage);
  const act = (action: ListAction, focusAfter?: string) => {
    change(path, changeList(items, action));
    // The button pressed moves with its item (or the next item's takes focus), so the keyboard stays put.
    if (focusAfter) requestAnimationFrame(() => document.getElementById(focusAfter)?.focus());
  };
  const full = items.length >= node.max;
  return (
    <fieldset
      className={styles.list}
      id={id}
      tabIndex={-1}
      aria-describedby={describedBy(path, problems, hint ? hintId(path) : undefined)}
    >
      <legend className={inItem ? 'visually-hidden' : styles.legend}>
        {label} <span className={styles.muted}>({items.length})</span>
      </legend>
      <Hint path={path} hint={hint} />
      <FieldError path={path} />
      {items.length === 0 && <p className={styles.muted}>{t('list.empty')}</p>}
      <ol className={styles.items}>
        {items.map((_, index) => {
          const itemName = itemNames[index] ?? '';
          const button = (action: string, at: number) => `${id}-${at}-${action}`;
          const nameId = `${id}-${index}-name`;
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: items have no identity of their own; the path is the index
            <li key={index} className={styles.itemPlace}>
              {/* The item's fields are one group named by the bar above them, so its name shows once. */}
              <fieldset className={styles.item} aria-labelledby={nameId}>
                <div className={styles.itemBar}>
                  <span id={nameId} className={styles.itemName}>
                    <AddressWords text={itemName} />
                  </span>
                  <div className={styles.itemActions}>
                    {MOVES.map(({ direction, step, Icon }) => {
                      const to = index + step;
                      // The pressed button moves with its item; at either end of the list it is
                      // disabled there, so the other one of the moved item takes the focus.
                      const focus = to === 0 ? 'down' : to === items.length - 1 ? 'up' : direction;
                      return (
                        <ItemButton
                          key={direction}
                          id={button(direction, index)}
                          label={t(`list.${direction}`, { item: itemName })}
                          Icon={Icon}
                          disabled={to < 0 || to >= items.length}
                          onClick={() => act({ type: 'move', index, to }, button(focus, to))}
                        />
                      );
                    })}
                    <ItemButton
                      label={t('list.duplicate', { item: itemName })}
                      Icon={Copy}
                      disabled={full}
                      onClick={() => act({ type: 'duplicate', index })}
                    />
                    <ItemButton
                      label={t('list.remove', { item: itemName })}
                      Icon={Trash2}
                      onClick={() => act({ type: 'remove', index }, `${id}-add`)}
                    />
                  </div>
                </div>
                <FieldEditor node={node.item} path={[...path, index]} label={itemName} {...rest} inItem />
              </fieldset>
            </li>
          );
        })}
      </ol>
      <button
        type="button"
        id={`${id}-add`}
        className={styles.add}
        disabled={full}
        onClick={() => act({ type: 'add', item: emptyValue(node.item) })}
      >
        <Plus aria-hidden="true" size={18} />
        {t('list.add', { label })}
      </button>
      {full && Number.isFinite(node.max) && <p className={styles.muted}>{t('list.full', { max: node.max })}</p>}
    </fieldset>
  );
}

/** The editor of one field of the content, drawn from its node (form-model.ts); objects and lists nest. */
export function FieldEditor(props: FieldProps & { root?: boolean }) {
  const { node, path, label, hint, inItem } = props;
  const { t } = useTranslation('studio');
  const { snapshot } = useDraftEditor();
  switch (node.kind) {
    case 'object': {
      const children = node.fields.map(({ key, node: child }) => (
        <FieldEditor
          key={key}
          {...props}
          root={false}
          inItem={false}
          node={child}
          path={[...path, key]}
          label={child.label ? t(`fields.${child.label}`) : key}
          hint={child.hint ? t(`field_hints.${child.hint}`) : undefined}
        />
      ));
      if (props.root) return <div className={styles.form}>{children}</div>;
      // A list item's fields: the item (its <li>) is the group, named by its bar.
      if (inItem) {
        return (
          <div className={styles.itemFields} id={fieldId(path)} tabIndex={-1}>
            <FieldError path={path} />
            {children}
          </div>
        );
      }
      return (
        <fieldset className={styles.group} id={fieldId(path)} tabIndex={-1}>
          <legend className={styles.legend}>{label}</legend>
          <FieldError path={path} />
          {children}
        </fieldset>
      );
    }
    case 'translated':
      return <Translated {...props} node={node} />;
    case 'list':
      return <ListField {...props} node={node} />;
    case 'number':
      return <NumberField {...props} node={node} />;
    case 'social-icon':
      return <SocialIconField {...props} />;
    case 'picture':
      return (
        <Labelled path={path} label={label} hint={hint} inItem={inItem}>
          {(labelId) => <PictureControl path={path} labelledBy={labelId} />}
        </Labelled>
      );
    case 'text':
      return (
        <Labelled path={path} label={label} hint={hint} inItem={inItem}>
          {(labelId, hinted) => (
            <TextControl
              hinted={hinted}
              path={path}
              value={valueAt(snapshot.content, path)}
              max={node.max}
              multiline={node.multiline}
              lines={node.lines}
              type={node.format ?? 'text'}
              optional={node.optional}
              labelledBy={labelId}
            />
          )}
        </Labelled>
      );
    case 'unsupported':
      return null;
  }
}
