import { Mail, MapPin, Phone } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../shared/components/page-header.js';
import { useOwner } from '../../shared/lib/use-owner.js';
import { ContactForm } from './contact-form.js';
import styles from './contact-page.module.css';

export function ContactPage() {
  const { t } = useTranslation();
  const owner = useOwner();
  return (
    <div className={styles.page}>
      <PageHeader title={t('contact.title')} lead={t('contact.intro')} />
      <div className={styles.layout}>
        <section className={styles.details} aria-labelledby="contact-details-title">
          <h2 id="contact-details-title">{t('contact.details')}</h2>
          <ul>
            {owner.email && (
              <li>
                <Mail aria-hidden="true" />
                <span>
                  <span className={styles.label}>{t('contact.email_label')}</span>
                  <a href={`mailto:${owner.email}`}>{owner.email}</a>
                </span>
              </li>
            )}
            {owner.phone && (
              <li>
                <Phone aria-hidden="true" />
                <span>
                  <span className={styles.label}>{t('contact.phone_label')}</span>
                  <a href={`tel:${owner.phone.replace(/[^\d+]/g, '')}`}>{owner.phone}</a>
                </span>
              </li>
            )}
            {owner.location && (
              <li>
                <MapPin aria-hidden="true" />
                <span>
                  <span className={styles.label}>{t('contact.location_label')}</span>
                  {owner.location}
                </span>
              </li>
            )}
          </ul>
        </section>
        <ContactForm />
      </div>
    </div>
  );
}
