import { type ReactNode, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Locale } from '../../../../shared/locales.js';
import fieldStyles from '../site/field-editor.module.css';
import { useEntryEditor } from './entry-editor-context.js';
import { entryFieldId, listToText, textToList, valueAt } from './entry-model.js';

type Path = readonly (string | number)[];

/** The problem at a path, in words, with the id its control points at. */
export function EntryFieldError({ path }: { path: Path }) {
  const { t } = useTranslation('studio');
  const { problems } = useEntryEditor();
  const code = problems.get(path.join('.'));
  if (!code) return null;
  return (
    <span id={`${entryFieldId(path)}-error`} className={fieldStyles.error}>
      {t(`field_errors.${code}`)}
    </span>
  );
}

/** The ids that describe a control: its problem (when it has one) and its hint. */
function useDescribedBy(path: Path, ...extra: (string | undefined)[]): string | undefined {
  const { problems } = useEntryEditor();
  const ids = [problems.has(path.join('.')) ? `${entryFieldId(path)}-error` : undefined, ...extra].filter(Boolean);
  return ids.length > 0 ? ids.join(' ') : undefined;
}

/** A labelled field of the entry: label, hint, the control (given its id and description), its problem. */
export function EntryField({
  path,
  label,
  hint,
  children,
}: {
  path: Path;
  label: string;
  hint?: ReactNode;
  children: (control: { id: string; describedBy: string | undefined; invalid: true | undefined }) => ReactNode;
}) {
  const { problems } = useEntryEditor();
  const id = entryFieldId(path);
  const hintId = `${id}-hint`;
  const describedBy = useDescribedBy(path, hint ? hintId : undefined);
  return (
    <div className={fieldStyles.field}>
      <label htmlFor={id} className={fieldStyles.label}>
        {label}
      </label>
      {hint && (
        <p id={hintId} className={fieldStyles.hint}>
          {hint}
        </p>
      )}
      {children({ id, describedBy, invalid: problems.has(path.join('.')) || undefined })}
      <EntryFieldError path={path} />
    </div>
  );
}

/** A text of the entry at `path`; an empty optional text leaves the draft. */
export function EntryTextField({
  path,
  label,
  hint,
  type = 'text',
  optional = false,
  maxLength,
}: {
  path: Path;
  label: string;
  hint?: ReactNode;
  type?: 'text' | 'url';
  optional?: boolean;
  maxLength?: number;
}) {
  const { snapshot, change, store } = useEntryEditor();
  const value = valueAt(snapshot.content, path);
  return (
    <EntryField path={path} label={label} hint={hint}>
      {({ id, describedBy, invalid }) => (
        <input
          id={id}
          type={type}
          className={fieldStyles.input}
          aria-describedby={describedBy}
          aria-invalid={invalid}
          maxLength={maxLength}
          value={typeof value === 'string' ? value : ''}
          onChange={(event) => change(path, optional && event.target.value === '' ? undefined : event.target.value)}
          onBlur={() => store.leaveField()}
        />
      )}
    </EntryField>
  );
}

/**
 * A list of short texts (tags, the stack) typed as one line, comma-separated. What is typed stays as
 * typed (a trailing comma, a space) while the draft gets the list.
 */
export function EntryListField({ path, label, hint }: { path: Path; label: string; hint?: ReactNode }) {
  const { snapshot, change, store } = useEntryEditor();
  const value = valueAt(snapshot.content, path);
  const [text, setText] = useState(() => listToText(value));
  useEffect(() => {
    // A list set from outside (a restore, the other tab's draft) replaces what is typed.
    setText((typed) => (JSON.stringify(textToList(typed)) === JSON.stringify(value ?? []) ? typed : listToText(value)));
  }, [value]);
  return (
    <EntryField path={path} label={label} hint={hint}>
      {({ id, describedBy, invalid }) => (
        <input
          id={id}
          className={fieldStyles.input}
          aria-describedby={describedBy}
          aria-invalid={invalid}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            change(path, textToList(event.target.value));
          }}
          onBlur={() => store.leaveField()}
        />
      )}
    </EntryField>
  );
}

/**
 * One text in each language, side by side (the interface language first; one at a time on a phone),
 * as the sections' translated fields are.
 */
export function LanguageColumns({
  label,
  hint,
  languages,
  phoneLanguage,
  pathOf,
  render,
}: {
  label: string;
  hint?: string | undefined;
  languages: readonly Locale[];
  phoneLanguage: Locale;
  pathOf: (locale: Locale) => Path;
  render: (locale: Locale, control: { id: string; labelledBy: string; describedBy: string | undefined }) => ReactNode;
}) {
  const { t } = useTranslation('studio');
  const { problems } = useEntryEditor();
  const legendId = useId();
  const hintId = useId();
  return (
    <fieldset className={fieldStyles.group}>
      <legend id={legendId} className={fieldStyles.legend}>
        {label}
      </legend>
      {hint && (
        <p id={hintId} className={fieldStyles.hint}>
          {hint}
        </p>
      )}
      <div className={fieldStyles.languages}>
        {languages.map((locale) => {
          const path = pathOf(locale);
          const id = entryFieldId(path);
          const nameId = `${legendId}-${locale}`;
          const describedBy =
            [problems.has(path.join('.')) ? `${id}-error` : undefined, hint ? hintId : undefined]
              .filter(Boolean)
              .join(' ') || undefined;
          return (
            <div
              key={locale}
              className={locale === phoneLanguage ? fieldStyles.language : fieldStyles.languageHiddenOnPhone}
            >
              <span id={nameId} className={fieldStyles.languageName}>
                {t(`languages.${locale}`)}
              </span>
              {render(locale, { id, labelledBy: `${legendId} ${nameId}`, describedBy })}
              <EntryFieldError path={path} />
            </div>
          );
        })}
      </div>
    </fieldset>
  );
}
