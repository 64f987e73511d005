import { Mail, MapPin, Phone } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EmailAddress } from '../../shared/components/email-address.js';
import { PageHeader } from '../../shared/components/page-header.js';
import { useOwner } from '../../shared/lib/use-owner.js';
import { ContactForm } from './contact-form.js';
import styles from './contact-page.module.css';

/** One way to reach the owner: its icon, what it is, and the address or place itself. */
function Detail({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <li>
      {icon}
      <span>
        <span className={styles.label}>{label}</span>
        {children}
      </span>
    </li>
  );
}

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
              <Detail icon={<Mail aria-hidden="true" />} label={t('contact.email_label')}>
                <a href={`mailto:${owner.email}`}>
                  <EmailAddress address={owner.email} />
                </a>
              </Detail>
            )}
            {owner.phone && (
              <Detail icon={<Phone aria-hidden="true" />} label={t('contact.phone_label')}>
                <a href={`tel:${owner.phone.replace(/[^\d+]/g, '')}`}>{owner.phone}</a>
              </Detail>
            )}
            {owner.location && (
              <Detail icon={<MapPin aria-hidden="true" />} label={t('contact.location_label')}>
                {owner.location}
              </Detail>
            )}
          </ul>
        </section>
        <ContactForm />
      </div>
    </div>
  );
}
