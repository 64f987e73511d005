import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { APP_PATHS } from '../../../shared/paths.js';
import { useSection } from '../../shared/api/use-section.js';
import { BrandIcon, brandName } from '../../shared/icons/brand-icon.js';
import { useStore } from '../../shared/lib/create-store.js';
import { siteNotesLocales } from '../../shared/lib/site-data.js';
import { useLocale, useLocalize } from '../../shared/lib/use-locale.js';
import { menuStore } from '../menu/menu-store.js';
import styles from './footer.module.css';

export function Footer({ fixed }: { fixed: boolean }) {
  const { t } = useTranslation();
  const localize = useLocalize();
  const locale = useLocale();
  const menuOpen = useStore(menuStore);
  // Spec §8: a failed fetch is logged (in fetchSection) and the footer stays on "Loading...".
  const footer = useSection('footer');
  // Issue 27: "Notes" once the owner has a note in this language (no landmark of its own: the
  // header's menu is the site's one navigation), beside the footer's content: spec §2's Loading...
  // stays alone until it arrives.
  const showNotes = siteNotesLocales().includes(locale);

  return (
    <footer className={styles.footer} data-fixed={fixed}>
      {footer ? (
        <div
          className={styles.description}
          // biome-ignore lint/security/noDangerouslySetInnerHtml: the owner's HTML, sanitized by the server when the content loads
          dangerouslySetInnerHTML={{ __html: localize(footer.description) }}
        />
      ) : (
        <p className={styles.description}>{t('footer.loading')}</p>
      )}
      {footer && showNotes && (
        <p className={styles.links}>
          <Link to={APP_PATHS.notes}>{t('notes.title')}</Link>
        </p>
      )}
      {footer && footer.social_links.length > 0 && !menuOpen && (
        <div className={styles.social}>
          <span className={styles.subscribe}>{t('footer.subscribe')}</span>
          <ul>
            {footer.social_links.map((link) => (
              <li key={link.url}>
                <a
                  href={link.url}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={t('footer.social_link', { name: brandName(link.icon) })}
                  title={brandName(link.icon)}
                >
                  <BrandIcon icon={link.icon} />
                </a>
              </li>
            ))}
          </ul>
        </div>
      )}
    </footer>
  );
}
