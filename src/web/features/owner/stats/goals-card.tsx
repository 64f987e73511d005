import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { conversionRate, type Goal } from '../../../../shared/goals.js';
import type { GoalCount } from '../../../../shared/schemas/goals.js';
import { OTHER_VALUE, type Stats } from '../../../../shared/schemas/stats.js';
import styles from './goals-card.module.css';
import type { StatsFormat } from './use-stats-format.js';

/**
 * Goals in the chosen period (docs/decisions/041-goals.md): for each, its conversion rate (the goal's
 * visitors ÷ the period's visitors), its visitors and how many times it was reached; a goal's tile
 * opens its details: by language, by the page it happened on, and the CV's format or the link.
 */
export function GoalsCard({ stats, format }: { stats: Stats; format: StatsFormat }) {
  const { t } = useTranslation('owner');
  const headingId = useId();
  const detailsId = useId();
  const [shown, setShown] = useState<Goal>('cv');
  const languages = new Map(Object.entries(t('stats.values.languages', { returnObjects: true })));
  const chosen = stats.goals.find((goal) => goal.goal === shown);

  const pageName = (value: string | null) =>
    value === null ? t('stats.goals.no_page') : value === OTHER_VALUE ? t('stats.values.other') : value;
  const tables: { caption: string; rows: GoalCount[]; name: (value: string | null) => string }[] = chosen
    ? [
        {
          caption: t('stats.goals.languages'),
          rows: chosen.languages,
          name: (value) => (value === null ? t('stats.values.not_given') : (languages.get(value) ?? value)),
        },
        { caption: t('stats.goals.pages'), rows: chosen.pages, name: pageName },
        ...(shown === 'message'
          ? []
          : [
              {
                caption: t(shown === 'cv' ? 'stats.goals.formats' : 'stats.goals.links'),
                rows: chosen.targets,
                name: (value: string | null) => targetName(shown, value) ?? t('stats.values.not_given'),
              },
            ]),
      ]
    : [];

  return (
    <section className={styles.card} aria-labelledby={headingId}>
      <h2 id={headingId}>{t('stats.goals.title')}</h2>
      <ul className={styles.tiles}>
        {stats.goals.map((goal) => (
          <li key={goal.goal}>
            <button
              type="button"
              className={styles.tile}
              aria-pressed={goal.goal === shown}
              aria-controls={detailsId}
              onClick={() => setShown(goal.goal)}
            >
              <span className={styles.name}>{t(`stats.goals.names.${goal.goal}`)}</span>
              <span className={styles.rate}>
                {format.share(conversionRate(goal.visitors, stats.totals.visitors) * 100)}
                <span className={styles.rateLabel}> {t('stats.goals.conversion')}</span>
              </span>
              <span className={styles.counts}>
                <span>
                  {t('stats.goals.visitors')} <strong>{format.number(goal.visitors)}</strong>
                </span>
                <span>
                  {t('stats.goals.completions')} <strong>{format.number(goal.completions)}</strong>
                </span>
              </span>
            </button>
          </li>
        ))}
      </ul>
      <div id={detailsId} className={styles.details}>
        <h3 className={styles.detailsHeading}>{t(`stats.goals.names.${shown}`)}</h3>
        {!chosen || chosen.completions === 0 ? (
          <p className={styles.muted}>{t('stats.goals.empty')}</p>
        ) : (
          <div className={styles.tables}>
            {tables.map((table) => (
              <table key={table.caption} className={styles.table}>
                <caption className={styles.caption}>{table.caption}</caption>
                <tbody>
                  {table.rows.map((row) => (
                    <tr key={row.value ?? ''}>
                      <th scope="row">
                        <span className={styles.value}>{table.name(row.value)}</span>
                      </th>
                      <td>{format.number(row.completions)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            ))}
          </div>
        )}
      </div>
      <p className={styles.note}>{t('stats.goals.note')}</p>
    </section>
  );
}

/** A CV's format in capitals (PDF), a link without its https:// (the card is narrow). */
function targetName(goal: Goal, value: string | null): string | undefined {
  if (value === null) return undefined;
  return goal === 'cv' ? value.toUpperCase() : value.replace(/^https?:\/\//, '');
}
