import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { AboutContent, LocalizedText } from '../../../shared/schemas/content.js';
import { useSection } from '../../shared/api/use-section.js';
import { PageHeader } from '../../shared/components/page-header.js';
import { Paragraphs } from '../../shared/components/paragraphs.js';
import { ScrollHint } from '../../shared/components/scroll-hint.js';
import { TagList } from '../../shared/components/tag-list.js';
import { TopicIcon } from '../../shared/icons/topic-icon.js';
import { useLocalize } from '../../shared/lib/use-locale.js';
import styles from './about-page.module.css';
import { DownloadCvLink } from './download-cv-link.js';

type TimelineEntry = AboutContent['experience'][number];

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
          <h3>{localize(entry.title)}</h3>
          <p className={styles.place}>{localize(entry.place)}</p>
          <p>{localize(entry.description)}</p>
        </li>
      ))}
    </ol>
  );
}

/** A skill level (0–100) as an ARIA meter; the bar and the ring style it differently. */
function LevelMeter({
  name,
  level,
  className,
  children,
}: {
  name: string;
  level: number;
  className?: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    // biome-ignore lint/a11y/useSemanticElements: a styled bar or ring; <meter> cannot be styled across browsers
    <div
      className={className}
      role="meter"
      aria-label={name}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={level}
      aria-valuetext={t('about.level', { level })}
      data-level={Math.round(level / 5) * 5}
    >
      {children}
    </div>
  );
}

/** One titled section of the page, labelled by its heading. */
function AboutSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className={styles.section} aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}

/** One kind of skill in a card of its own, under its name. */
function SkillCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className={styles.card}>
      <h3>{title}</h3>
      {children}
    </div>
  );
}

function LevelBars({ skills }: { skills: { name: string | LocalizedText; level: number }[] }) {
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
            <LevelMeter name={name} level={skill.level} className={styles.bar}>
              <span />
            </LevelMeter>
          </li>
        );
      })}
    </ul>
  );
}

function LevelRings({ skills }: { skills: { name: LocalizedText; level: number }[] }) {
  const localize = useLocalize();
  return (
    <ul className={styles.rings}>
      {skills.map((skill) => (
        <li key={skill.name.english}>
          <LevelMeter name={localize(skill.name)} level={skill.level} className={styles.ring}>
            <span aria-hidden="true">{skill.level}%</span>
          </LevelMeter>
          <span className={styles.ringLabel}>{localize(skill.name)}</span>
        </li>
      ))}
    </ul>
  );
}

export function AboutPage() {
  const about = useSection('about');
  const { t } = useTranslation();
  const localize = useLocalize();
  // The route's loader fetched the section before this page rendered.
  if (!about) return null;
  return (
    <div className={styles.page}>
      <div className={styles.heading}>
        <PageHeader title={t('about.title')} />
        <DownloadCvLink />
      </div>

      <AboutSection id="about-custom-text" title={t('about.sections.custom_text')}>
        <div className={styles.customText}>
          <Paragraphs text={localize(about.custom_text)} />
        </div>
      </AboutSection>

      {about.services.length > 0 && (
        <AboutSection id="about-services" title={t('about.sections.services')}>
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
        </AboutSection>
      )}

      <div className={styles.columns}>
        <AboutSection id="about-experience" title={t('about.sections.experience')}>
          <Timeline entries={about.experience} />
        </AboutSection>
        <AboutSection id="about-education" title={t('about.sections.education')}>
          <Timeline entries={about.education} />
        </AboutSection>
      </div>

      <AboutSection id="about-skills" title={t('about.sections.skills.title')}>
        <div className={styles.skills}>
          <SkillCard title={t('about.sections.skills.design')}>
            <LevelBars skills={about.skills.design} />
          </SkillCard>
          <SkillCard title={t('about.sections.skills.languages')}>
            <LevelRings skills={about.skills.languages} />
          </SkillCard>
          <SkillCard title={t('about.sections.skills.coding')}>
            <LevelBars skills={about.skills.coding} />
          </SkillCard>
          <SkillCard title={t('about.sections.skills.knowledge')}>
            <TagList tags={about.skills.knowledge.map(localize)} />
          </SkillCard>
        </div>
      </AboutSection>

      {about.interests.length > 0 && (
        <AboutSection id="about-interests" title={t('about.sections.interests')}>
          <ul className={styles.interests}>
            {about.interests.map((interest) => (
              <li key={interest.label.english}>
                <TopicIcon icon={interest.icon} size={28} />
                <span>{localize(interest.label)}</span>
              </li>
            ))}
          </ul>
        </AboutSection>
      )}
      <ScrollHint />
    </div>
  );
}
