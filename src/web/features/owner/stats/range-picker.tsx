import { type FormEvent, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './range-picker.module.css';
import {
  type ChosenRange,
  type CustomRangeProblem,
  customRangeProblem,
  type PresetKey,
  presetRange,
  RANGE_KEYS,
} from './ranges.js';

const PRESETS = RANGE_KEYS.filter((key): key is PresetKey => key !== 'custom');

interface RangePickerProps {
  /** Where the dashboard's head places it. */
  className: string | undefined;
  range: ChosenRange;
  today: string;
  onChange: (range: ChosenRange) => void;
}

/** The period: four presets as pressed-or-not buttons, and "Custom" opening two date fields. */
export function RangePicker({ className, range, today, onChange }: RangePickerProps) {
  const { t } = useTranslation('owner');
  const formId = useId();
  const problemId = useId();
  const [customOpen, setCustomOpen] = useState(range.key === 'custom');
  const [from, setFrom] = useState(range.from);
  const [to, setTo] = useState(range.to);
  const [problem, setProblem] = useState<CustomRangeProblem | undefined>();

  // The fields start from the period on screen, also after Back or a preset.
  useEffect(() => {
    setFrom(range.from);
    setTo(range.to);
  }, [range.from, range.to]);

  function choose(key: PresetKey) {
    setCustomOpen(false);
    setProblem(undefined);
    onChange({ key, ...presetRange(key, today) });
  }

  function apply(event: FormEvent) {
    event.preventDefault();
    const found = customRangeProblem({ from, to });
    setProblem(found);
    if (!found) onChange({ key: 'custom', from, to });
  }

  return (
    <div className={`${styles.rangePicker} ${className ?? ''}`}>
      <fieldset className={styles.segments}>
        <legend className="visually-hidden">{t('stats.range.label')}</legend>
        {PRESETS.map((key) => (
          <button
            key={key}
            type="button"
            className={styles.segment}
            aria-pressed={range.key === key}
            onClick={() => choose(key)}
          >
            {t(`stats.range.${key}`)}
          </button>
        ))}
        <button
          type="button"
          className={styles.segment}
          aria-pressed={range.key === 'custom'}
          aria-expanded={customOpen}
          aria-controls={formId}
          onClick={() => setCustomOpen((open) => !open)}
        >
          {t('stats.range.custom')}
        </button>
      </fieldset>
      {customOpen && (
        <form id={formId} className={styles.customRange} onSubmit={apply} noValidate>
          <DateField
            label={t('stats.range.from')}
            value={from}
            problemId={problem ? problemId : undefined}
            onChange={setFrom}
          />
          <DateField
            label={t('stats.range.to')}
            value={to}
            problemId={problem ? problemId : undefined}
            onChange={setTo}
          />
          <button type="submit" className={styles.apply}>
            {t('stats.range.apply')}
          </button>
          {problem && (
            <p id={problemId} role="alert" className={styles.problem}>
              {t(`stats.range.problems.${problem}`)}
            </p>
          )}
        </form>
      )}
    </div>
  );
}

/** One end of the custom period; `problemId` names the message that says what is wrong with the period. */
function DateField({
  label,
  value,
  problemId,
  onChange,
}: {
  label: string;
  value: string;
  problemId: string | undefined;
  onChange: (value: string) => void;
}) {
  const id = useId();
  return (
    <label htmlFor={id} className={styles.dateField}>
      {label}
      <input
        id={id}
        type="date"
        className={styles.dateInput}
        value={value}
        required
        aria-invalid={problemId ? true : undefined}
        aria-describedby={problemId}
        onChange={(event) => onChange(event.target.value)}
      />
    </label>
  );
}
