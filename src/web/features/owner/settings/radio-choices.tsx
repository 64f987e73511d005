import { type ReactNode, useId } from 'react';
import { ErrorMessage } from '../components/error-message.js';
import card from './settings-card.module.css';

/**
 * One choice of a few, as radios under a legend: what a card offers where a select would cut a long
 * choice at 320 px. An error is said under the radios, which the group names as its description and
 * marks invalid, as `Field` does for a text field.
 */
export function RadioChoices<Choice extends string>({
  legend,
  name,
  choices,
  value,
  onChange,
  label,
  error,
  children,
}: {
  legend: ReactNode;
  /** The radios' shared name, which makes them one group. */
  name: string;
  choices: readonly Choice[];
  value: Choice;
  onChange: (choice: Choice) => void;
  label: (choice: Choice) => ReactNode;
  error?: string;
  /** Shown under the radios, inside the group: what belongs to one of the choices. */
  children?: ReactNode;
}) {
  const errorId = useId();
  return (
    <fieldset className={card.choices} aria-describedby={error ? errorId : undefined}>
      <legend>{legend}</legend>
      {choices.map((choice) => (
        <label key={choice} className={card.choice}>
          <input
            type="radio"
            name={name}
            value={choice}
            checked={value === choice}
            aria-invalid={error ? true : undefined}
            onChange={() => onChange(choice)}
          />
          {label(choice)}
        </label>
      ))}
      {children}
      <ErrorMessage id={errorId} error={error} />
    </fieldset>
  );
}
