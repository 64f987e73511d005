import { Send } from 'lucide-react';
import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldError } from '../../../shared/schemas/api.js';
import {
  CONTACT_FIELD_ERRORS,
  CONTACT_FIELDS,
  CONTACT_LIMITS,
  type ContactField,
  type ContactFieldError,
} from '../../../shared/schemas/contact-fields.js';
import { ApiError } from '../../shared/api/api-client.js';
import { sendContactMessage } from '../../shared/api/endpoints.js';
import { useLocale } from '../../shared/lib/use-locale.js';
import styles from './contact-form.module.css';

type Values = Record<ContactField, string>;
type FieldErrors = Partial<Record<ContactField, ContactFieldError>>;
type Status = 'default' | 'sending' | 'success';
type FormError = 'network' | 'rate_limited' | 'server' | 'fix_fields';

const EMPTY: Values = { name: '', email: '', message: '' };

function isField(value: string): value is ContactField {
  return (CONTACT_FIELDS as readonly string[]).includes(value);
}

function isContactFieldError(code: string): code is ContactFieldError {
  return (CONTACT_FIELD_ERRORS as readonly string[]).includes(code);
}

/** The first error of each field; a code the form has no text for reads as "required". */
function toFieldErrors(errors: FieldError[]): FieldErrors {
  const result: FieldErrors = {};
  for (const { field, code } of errors) {
    if (isField(field) && !result[field]) result[field] = isContactFieldError(code) ? code : 'required';
  }
  return result;
}

/**
 * The contact form (spec §3, §8). Checks use the server's own schema; a failed send keeps every
 * character typed and says why in the visitor's language; it cannot be sent twice at once.
 */
export function ContactForm() {
  const { t } = useTranslation();
  const locale = useLocale();
  const [values, setValues] = useState<Values>(EMPTY);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [status, setStatus] = useState<Status>('default');
  const [formError, setFormError] = useState<FormError | undefined>();
  const sending = useRef(false);
  const form = useRef<HTMLFormElement>(null);
  // The time trap (docs/decisions/006): how long the form was on screen before it was sent.
  const shownAt = useRef(performance.now());

  function focusFirstInvalid(errors: FieldErrors) {
    const first = CONTACT_FIELDS.find((field) => errors[field]);
    if (first) form.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
  }

  function errorText(field: ContactField, code: ContactFieldError) {
    const limits = {
      min: CONTACT_LIMITS.messageMin,
      max:
        field === 'name'
          ? CONTACT_LIMITS.nameMax
          : field === 'email'
            ? CONTACT_LIMITS.emailMax
            : CONTACT_LIMITS.messageMax,
    };
    return t(`contact.contact_form.errors.${code}`, limits);
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending.current) return;
    const website = new FormData(event.currentTarget).get('website');
    const filledInMs = Math.round(performance.now() - shownAt.current);
    const input = { ...values, locale, filled_in_ms: filledInMs, ...(website ? { website } : {}) };
    sending.current = true;
    // The server's schema, with zod, is not in the page's first load: it is asked for when a field is
    // first focused (below) and needed now.
    let checked: ReturnType<typeof import('./contact-validation.js').checkContactMessage>;
    try {
      const { checkContactMessage } = await import('./contact-validation.js');
      checked = checkContactMessage(input);
    } catch {
      // The check's code could not be fetched (offline since the page loaded): nothing typed is lost.
      sending.current = false;
      setFormError('network');
      return;
    }
    const { message, errors: problems } = checked;
    if (!message) {
      sending.current = false;
      const errors = toFieldErrors(problems);
      setFieldErrors(errors);
      setFormError('fix_fields');
      focusFirstInvalid(errors);
      return;
    }
    setFieldErrors({});
    setFormError(undefined);
    setStatus('sending');
    try {
      await sendContactMessage(message);
      setValues(EMPTY);
      setStatus('success');
    } catch (error) {
      setStatus('default');
      if (error instanceof ApiError && error.fieldErrors.length > 0) {
        const errors = toFieldErrors(error.fieldErrors);
        setFieldErrors(errors);
        setFormError('fix_fields');
        focusFirstInvalid(errors);
      } else if (error instanceof ApiError && (error.code === 'network' || error.code === 'rate_limited')) {
        setFormError(error.code);
      } else {
        setFormError('server');
      }
    } finally {
      sending.current = false;
    }
  }

  function update(field: ContactField, value: string) {
    setValues((current) => ({ ...current, [field]: value }));
    if (fieldErrors[field]) setFieldErrors((current) => ({ ...current, [field]: undefined }));
    if (status === 'success') setStatus('default');
  }

  const fieldProps = (field: ContactField) => ({
    id: `contact-${field}`,
    name: field,
    value: values[field],
    onChange: (event: { target: { value: string } }) => update(field, event.target.value),
    'aria-invalid': fieldErrors[field] ? true : undefined,
    'aria-describedby': fieldErrors[field] ? `contact-${field}-error` : undefined,
    className: styles.input,
  });

  const fieldError = (field: ContactField) => {
    const code = fieldErrors[field];
    return code ? (
      <p id={`contact-${field}-error`} className={styles.fieldError}>
        {errorText(field, code)}
      </p>
    ) : null;
  };

  return (
    <form
      ref={form}
      className={styles.form}
      onSubmit={onSubmit}
      // The check's code arrives while the visitor types (a module is fetched once, then cached).
      onFocus={() => void import('./contact-validation.js').catch(() => undefined)}
      noValidate
      aria-labelledby="contact-form-title"
    >
      <h2 id="contact-form-title">{t('contact.contact_form.title')}</h2>
      <div className={styles.row}>
        <div className={styles.field}>
          <label htmlFor="contact-name">{t('contact.contact_form.name')}</label>
          <input
            {...fieldProps('name')}
            type="text"
            autoComplete="name"
            maxLength={CONTACT_LIMITS.nameMax + 50}
            required
          />
          {fieldError('name')}
        </div>
        <div className={styles.field}>
          <label htmlFor="contact-email">{t('contact.contact_form.email')}</label>
          <input {...fieldProps('email')} type="email" autoComplete="email" inputMode="email" required />
          {fieldError('email')}
        </div>
      </div>
      <div className={styles.field}>
        <label htmlFor="contact-message">{t('contact.contact_form.message')}</label>
        <textarea {...fieldProps('message')} rows={6} required />
        {fieldError('message')}
      </div>
      {/* Hidden from people (and from assistive technology); bots that fill every field fill it. */}
      <div className={styles.trap} aria-hidden="true">
        <label htmlFor="contact-website">Website</label>
        <input id="contact-website" name="website" type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
      </div>
      <div className={styles.footer}>
        <button type="submit" className="button button-primary" disabled={status === 'sending'}>
          <Send size={18} aria-hidden="true" />
          {status === 'sending' ? t('contact.contact_form.status.sending') : t('contact.contact_form.send')}
        </button>
        <p className={styles.status} role="status" data-status={status}>
          {t(`contact.contact_form.status.${status}`)}
        </p>
      </div>
      {formError && (
        <p className={styles.formError} role="alert">
          {t(`contact.contact_form.errors.${formError}`)}
        </p>
      )}
    </form>
  );
}
