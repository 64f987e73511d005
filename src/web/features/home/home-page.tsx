import { ArrowRight, Mail } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { APP_PATHS } from '../../../shared/paths.js';
import { useSection } from '../../shared/api/use-section.js';
import { ContentPicture } from '../../shared/components/content-picture.js';
import { Paragraphs } from '../../shared/components/paragraphs.js';
import { useLocalize } from '../../shared/lib/use-locale.js';
import { useOwner } from '../../shared/lib/use-owner.js';
import { DownloadCvLink } from '../about/download-cv-link.js';
import styles from './home-page.module.css';

export function HomePage() {
  const home = useSection('home');
  const { t } = useTranslation();
  const localize = useLocalize();
  const owner = useOwner();
  // The route's loader fetched the section before this page rendered.
  if (!home) return null;
  return (
    <section className={styles.hero} aria-labelledby="home-title">
      <div className={styles.text}>
        <p className={styles.greeting}>{localize(home.greeting)}</p>
        <h1 id="home-title" className={styles.name} tabIndex={-1}>
          {owner.firstName} <span>{owner.lastName}</span>
        </h1>
        <p className={styles.role}>{owner.role}</p>
        <div className={styles.intro}>
          <Paragraphs text={localize(home.intro)} />
        </div>
        <div className={styles.actions}>
          <Link to={APP_PATHS.portfolio} className="button button-primary">
            {t('home.cta_portfolio')}
            <ArrowRight size={18} aria-hidden="true" />
          </Link>
          <Link to={APP_PATHS.contact} className="button button-ghost">
            <Mail size={18} aria-hidden="true" />
            {t('home.cta_contact')}
          </Link>
          <DownloadCvLink />
        </div>
        {home.highlights.length > 0 && (
          <dl className={styles.highlights}>
            {home.highlights.map((highlight) => (
              <div key={highlight.value + highlight.label.english}>
                <dt>{localize(highlight.label)}</dt>
                <dd>{highlight.value}</dd>
              </div>
            ))}
          </dl>
        )}
      </div>
      <div className={styles.portrait}>
        <ContentPicture
          path={home.photo}
          sizes="(max-width: 900px) 70vw, 440px"
          largest={1024}
          alt={localize(home.photo_alt)}
          width={600}
          height={720}
          fetchPriority="high"
        />
      </div>
    </section>
  );
}
