import { type ReactNode, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Locale } from '../../../../shared/locales.js';
import fieldStyles from '../site/field-editor.module.css';
import { describedByIds, FieldProblem } from '../studio/field-problem.js';
import { useEntryEditor } from './entry-editor-context.js';
import { entryFieldId, listToText, textToList, valueAt } from './entry-model.js';

type Path = readonly (string | number)[];

/** The problem at a path, with the id its control points at. */
export function EntryFieldError({ path }: { path: Path }) {
  const { problems } = useEntryEditor();
  return <FieldProblem controlId={entryFieldId(path)} code={problems.get(path.join('.'))} />;
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
  const invalid = problems.has(path.join('.'));
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
      {children({
        id,
        describedBy: describedByIds(id, invalid, hint ? hintId : undefined),
        invalid: invalid || undefined,
      })}
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
          return (
            <div
              key={locale}
              className={locale === phoneLanguage ? fieldStyles.language : fieldStyles.languageHiddenOnPhone}
            >
              <span id={nameId} className={fieldStyles.languageName}>
                {t(`languages.${locale}`)}
              </span>
              {render(locale, {
                id,
                labelledBy: `${legendId} ${nameId}`,
                describedBy: describedByIds(id, problems.has(path.join('.')), hint ? hintId : undefined),
              })}
              <EntryFieldError path={path} />
            </div>
          );
        })}
      </div>
    </fieldset>
  );
}
