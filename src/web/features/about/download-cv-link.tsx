import { Download } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cvPath } from '../../../shared/cv.js';
import { useLocale } from '../../shared/lib/use-locale.js';

/**
 * The CV as a PDF in the visitor's language, made by the server from the site's own content. A real
 * link, so it downloads without the app's code and keeps the server's file name.
 */
export function DownloadCvLink() {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <a href={cvPath(locale)} download type="application/pdf" className="button button-ghost">
      <Download size={18} aria-hidden="true" />
      {t('cv.download')}
    </a>
  );
}
