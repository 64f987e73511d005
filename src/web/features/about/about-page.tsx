import { useTranslation } from 'react-i18next';
import { useLoaderData } from 'react-router';
import type { LocalizedText } from '../../../shared/schemas/content.js';
import { PageHeader } from '../../shared/components/page-header.js';
import { Paragraphs } from '../../shared/components/paragraphs.js';
import { ScrollHint } from '../../shared/components/scroll-hint.js';
import { TagList } from '../../shared/components/tag-list.js';
import { TopicIcon } from '../../shared/icons/topic-icon.js';
import type { SectionData } from '../content/content-api.js';
import { useLocalize } from '../language/use-locale.js';
import styles from './about-page.module.css';

type About = SectionData<'about'>;
type TimelineEntry = About['experience'][number];

function Timeline({ entries }: { entries: TimelineEntry[] }) {
  const { t } = useTranslation();
  const localize = useLocalize();
  return (
    <ol className={styles.timeline}>
      {entries.map((entry) => (
        <li key={`${entry.period.from}-${entry.title.english}`}>
          <p className={styles.period}>
            {entry.period.to === entry.period.from
              ? entry.period.from
              : `${entry.period.from} – ${entry.period.to ?? t('about.present')}`}
          </p>
          <h4>{localize(entry.title)}</h4>
          <p className={styles.place}>{localize(entry.place)}</p>
          <p>{localize(entry.description)}</p>
        </li>
      ))}
    </ol>
  );
}

function LevelBars({ skills }: { skills: { name: string | LocalizedText; level: number }[] }) {
  const { t } = useTranslation();
  const localize = useLocalize();
  return (
    <ul className={styles.bars}>
      {skills.map((skill) => {
        const name = typeof skill.name === 'string' ? skill.name : localize(skill.name);
        return (
          <li key={name}>
            <div className={styles.barLabel}>
              <span>{name}</span>
              <span aria-hidden="true">{skill.level}%</span>
            </div>
            {/* biome-ignore lint/a11y/useSemanticElements: a styled bar; <meter> cannot be styled across browsers */}
            <div
              className={styles.bar}
              role="meter"
              aria-label={name}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={skill.level}
              aria-valuetext={t('about.level', { level: skill.level })}
            >
              <span style={{ '--level': `${skill.level}%` } as React.CSSProperties} />
            </div>
          </li>
        );
      })}
    </ul>
  );
}

function LevelRings({ skills }: { skills: { name: LocalizedText; level: number }[] }) {
  const { t } = useTranslation();
  const localize = useLocalize();
  return (
    <ul className={styles.rings}>
      {skills.map((skill) => (
        <li key={skill.name.english}>
          {/* biome-ignore lint/a11y/useSemanticElements: a styled ring; <meter> cannot be drawn as one */}
          <div
            className={styles.ring}
            role="meter"
            aria-label={localize(skill.name)}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={skill.level}
            aria-valuetext={t('about.level', { level: skill.level })}
            style={{ '--level': skill.level } as React.CSSProperties}
          >
            <span aria-hidden="true">{skill.level}%</span>
          </div>
          <span className={styles.ringLabel}>{localize(skill.name)}</span>
        </li>
      ))}
    </ul>
  );
}

export function AboutPage() {
  const about = useLoaderData() as About;
  const { t } = useTranslation();
  const localize = useLocalize();
  return (
    <div className={styles.page}>
      <PageHeader title={t('about.title')} />

      <section className={styles.section} aria-labelledby="about-custom-text">
        <h2 id="about-custom-text">{t('about.sections.custom_text')}</h2>
        <div className={styles.customText}>
          <Paragraphs text={localize(about.custom_text)} />
        </div>
      </section>

      {about.services.length > 0 && (
        <section className={styles.section} aria-labelledby="about-services">
          <h2 id="about-services">{t('about.sections.services')}</h2>
          <ul className={styles.services}>
            {about.services.map((service) => (
              <li key={service.title.english} className={styles.card}>
                <span className={styles.iconBadge}>
                  <TopicIcon icon={service.icon} />
                </span>
                <h3>{localize(service.title)}</h3>
                <p>{localize(service.description)}</p>
              </li>
            ))}
          </ul>
        </section>
      )}

      <div className={styles.columns}>
        <section className={styles.section} aria-labelledby="about-experience">
          <h2 id="about-experience">{t('about.sections.experience')}</h2>
          <Timeline entries={about.experience} />
        </section>
        <section className={styles.section} aria-labelledby="about-education">
          <h2 id="about-education">{t('about.sections.education')}</h2>
          <Timeline entries={about.education} />
        </section>
      </div>

      <section className={styles.section} aria-labelledby="about-skills">
        <h2 id="about-skills">{t('about.sections.skills.title')}</h2>
        <div className={styles.skills}>
          <div className={styles.card}>
            <h3>{t('about.sections.skills.design')}</h3>
            <LevelBars skills={about.skills.design} />
          </div>
          <div className={styles.card}>
            <h3>{t('about.sections.skills.languages')}</h3>
            <LevelRings skills={about.skills.languages} />
          </div>
          <div className={styles.card}>
            <h3>{t('about.sections.skills.coding')}</h3>
            <LevelBars skills={about.skills.coding} />
          </div>
          <div className={styles.card}>
            <h3>{t('about.sections.skills.knowledge')}</h3>
            <TagList tags={about.skills.knowledge.map(localize)} />
          </div>
        </div>
      </section>

      {about.interests.length > 0 && (
        <section className={styles.section} aria-labelledby="about-interests">
          <h2 id="about-interests">{t('about.sections.interests')}</h2>
          <ul className={styles.interests}>
            {about.interests.map((interest) => (
              <li key={interest.label.english}>
                <TopicIcon icon={interest.icon} size={28} />
                <span>{localize(interest.label)}</span>
              </li>
            ))}
          </ul>
        </section>
      )}
      <ScrollHint />
    </div>
  );
}
