import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HTML_LANG, type Locale } from '../../../../shared/locales.js';
import {
  DIGEST_HOURS,
  type DigestHours,
  type MessageNoticeMode,
  NOTICE_LANGUAGES,
  type NoticeLanguage,
} from '../../../../shared/schemas/notices.js';
import { ApiError } from '../../../shared/api/api-client.js';
import { useLocale } from '../../../shared/lib/use-locale.js';
import { LOCALE_LABELS } from '../../language/locale-labels.js';
import { useNotices } from '../api/get-notices.js';
import { useUpdateNotices } from '../api/update-notices.js';
import { ErrorMessage } from '../components/error-message.js';
import { Field, SelectField } from '../components/field.js';
import { SwitchField } from '../components/switch-field.js';
import styles from './notices-setting.module.css';
import card from './settings-card.module.css';

interface Choices {
  language: NoticeLanguage;
  messages: MessageNoticeMode;
  digestHours: DigestHours;
  signIns: boolean;
}

/**
 * Which notices the owner gets and in which language (issue 28, docs/decisions/037-owner-notices.md).
 * The language follows the owner area's unless another is chosen; when OWNER_LOCALE sets it, it is
 * shown read-only. The weekly summary keeps its own card, with its day and hour.
 */
export function NoticesSetting() {
  const { t } = useTranslation('owner');
  const locale = useLocale();
  const { data: notices, error: loadError } = useNotices();
  const update = useUpdateNotices();
  const [typed, setTyped] = useState<Partial<Choices>>({});

  const choices: Choices | undefined = notices && {
    language: typed.language ?? notices.language,
    messages: typed.messages ?? notices.messages,
    digestHours: typed.digestHours ?? notices.digestHours,
    signIns: typed.signIns ?? notices.signIns,
  };
  const change = (changes: Partial<Choices>) => {
    setTyped((current) => ({ ...current, ...changes }));
    update.reset();
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!choices || !notices || update.isPending) return;
    const { language, ...others } = choices;
    // The environment's language is not the owner's to send.
    update.mutate(notices.languageFromEnvironment ? others : choices, { onSuccess: () => setTyped({}) });
  };

  const languageCode = update.error instanceof ApiError ? update.error.code : undefined;
  const languageError =
    languageCode === 'owner_locale_from_environment'
      ? t('settings.notices.errors.owner_locale_from_environment')
      : undefined;
  const languageName = (code: Locale) => LOCALE_LABELS[code].label;
  const languageErrorId = useId();

  return (
    <section className={card.card} aria-labelledby="owner-notices-title">
      <h2 id="owner-notices-title" className={card.title} tabIndex={-1}>
        {t('settings.notices.title')}
      </h2>
      <p className={card.muted}>{t('settings.notices.intro')}</p>
      <ErrorMessage error={loadError} />
      {notices && choices && (
        <form className={styles.form} onSubmit={onSubmit} noValidate>
          {notices.languageFromEnvironment ? (
            <Field
              label={t('settings.notices.language')}
              value={languageName(notices.effectiveLanguage)}
              lang={HTML_LANG[notices.effectiveLanguage]}
              readOnly
              hint={t('settings.notices.language_from_environment')}
            />
          ) : (
            // Radios, not a select: "Same as the owner area (now: …)" wraps at 320 px instead of being cut.
            <fieldset className={card.choices} aria-describedby={languageError ? languageErrorId : undefined}>
              <legend>{t('settings.notices.language')}</legend>
              {NOTICE_LANGUAGES.map((code) => (
                <label key={code} className={card.choice}>
                  <input
                    type="radio"
                    name="notice-language"
                    value={code}
                    checked={choices.language === code}
                    aria-invalid={languageError ? true : undefined}
                    onChange={() => change({ language: code })}
                  />
                  {code === 'interface' ? (
                    // The owner area's language now, as this page shows it (and has just reported).
                    t('settings.notices.language_interface', { language: languageName(locale) })
                  ) : (
                    <span lang={HTML_LANG[code]}>{languageName(code)}</span>
                  )}
                </label>
              ))}
              <ErrorMessage id={languageErrorId} error={languageError} />
            </fieldset>
          )}
          <fieldset className={card.choices}>
            <legend>{t('settings.notices.messages')}</legend>
            {(['each', 'digest'] as const).map((mode) => (
              <label key={mode} className={card.choice}>
                <input
                  type="radio"
                  name="message-notices"
                  value={mode}
                  checked={choices.messages === mode}
                  onChange={() => change({ messages: mode })}
                />
                {t(`settings.notices.messages_${mode}`)}
              </label>
            ))}
            {choices.messages === 'digest' && (
              <div className={styles.period}>
                <SelectField
                  label={t('settings.notices.digest_hours')}
                  hint={t('settings.notices.digest_hours_hint')}
                  name="digest-hours"
                  value={choices.digestHours}
                  onChange={(event) => change({ digestHours: Number(event.target.value) as DigestHours })}
                >
                  {DIGEST_HOURS.map((hours) => (
                    <option key={hours} value={hours}>
                      {t(`settings.notices.digest_${hours}`)}
                    </option>
                  ))}
                </SelectField>
              </div>
            )}
          </fieldset>
          <SwitchField
            label={t('settings.notices.sign_ins')}
            hint={t('settings.notices.sign_ins_hint')}
            checked={choices.signIns}
            onChange={(signIns) => change({ signIns })}
          />
          <div className={card.actions}>
            <button type="submit" className={card.primary} disabled={update.isPending}>
              {update.isPending ? t('settings.notices.saving') : t('settings.notices.save')}
            </button>
          </div>
          {update.error && !languageError && <ErrorMessage error={update.error} />}
          {languageError && <p role="alert">{t('settings.notices.errors.fix_fields')}</p>}
          <p role="status" className={card.muted}>
            {update.isSuccess ? t('settings.notices.saved') : ''}
          </p>
        </form>
      )}
    </section>
  );
}
