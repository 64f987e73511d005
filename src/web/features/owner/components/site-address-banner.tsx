import { Globe } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { OWNER_PATHS } from '../../../../shared/paths.js';
import { useSiteAddress } from '../api/get-site-address.js';
import styles from './site-address-banner.module.css';

/** Where the banner leads: the setting's card in Settings, by its heading's id. */
const SITE_ADDRESS_SETTING = `${OWNER_PATHS.settings}#owner-site-address-title`;

/**
 * Says on every page of the owner area, but Settings itself, that the site's address is not set yet
 * (pages, the sitemap and e-mails name a local address meanwhile), with a link to the setting.
 */
export function SiteAddressBanner() {
  const { t } = useTranslation('owner');
  const { data } = useSiteAddress();
  const atSettings = useLocation().pathname === OWNER_PATHS.settings;
  if (data?.source !== 'none' || atSettings) return null;
  return (
    <p className={styles.banner}>
      <Globe aria-hidden="true" size={20} className={styles.icon} />
      <span>
        {t('site_address.banner', { served: data.served })}{' '}
        <Link to={SITE_ADDRESS_SETTING} className={styles.link}>
          {t('site_address.banner_link')}
        </Link>
      </span>
    </p>
  );
}
