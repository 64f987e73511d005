import styles from './site.module.css';

/** A named group of buttons of which one is pressed: the form's language, the preview's page, theme, width. */
export function SegmentedChoice<Value extends string>({
  label,
  labelHidden = false,
  className,
  values,
  text,
  value,
  onChange,
}: {
  label: string;
  labelHidden?: boolean;
  className: string | undefined;
  values: readonly Value[];
  text: (value: Value) => string;
  value: Value;
  onChange: (value: Value) => void;
}) {
  return (
    <fieldset className={className}>
      <legend className={labelHidden ? 'visually-hidden' : undefined}>{label}</legend>
      <div className={styles.segmented}>
        {values.map((option) => (
          <button
            key={option}
            type="button"
            className={styles.segment}
            aria-pressed={value === option}
            onClick={() => onChange(option)}
          >
            {text(option)}
          </button>
        ))}
      </div>
    </fieldset>
  );
}
