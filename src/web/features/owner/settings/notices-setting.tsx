import { type FormEvent, useState } from 'react';
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
import { RadioChoices } from './radio-choices.js';
import { SaveActions, SaveOutcome, SettingsCard } from './settings-card.js';

const MESSAGE_MODES: readonly MessageNoticeMode[] = ['each', 'digest'];

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

  return (
    <SettingsCard titleId="owner-notices-title" title={t('settings.notices.title')} intro={t('settings.notices.intro')}>
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
            <RadioChoices
              legend={t('settings.notices.language')}
              name="notice-language"
              choices={NOTICE_LANGUAGES}
              value={choices.language}
              onChange={(language) => change({ language })}
              label={(code) =>
                code === 'interface' ? (
                  // The owner area's language now, as this page shows it (and has just reported).
                  t('settings.notices.language_interface', { language: languageName(locale) })
                ) : (
                  <span lang={HTML_LANG[code]}>{languageName(code)}</span>
                )
              }
              error={languageError}
            />
          )}
          <RadioChoices
            legend={t('settings.notices.messages')}
            name="message-notices"
            choices={MESSAGE_MODES}
            value={choices.messages}
            onChange={(messages) => change({ messages })}
            label={(mode) => t(`settings.notices.messages_${mode}`)}
          >
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
          </RadioChoices>
          <SwitchField
            label={t('settings.notices.sign_ins')}
            hint={t('settings.notices.sign_ins_hint')}
            checked={choices.signIns}
            onChange={(signIns) => change({ signIns })}
          />
          <SaveActions
            pending={update.isPending}
            label={t('settings.notices.save')}
            pendingLabel={t('settings.notices.saving')}
          />
          <SaveOutcome
            error={update.error}
            fieldsWrong={languageError && t('settings.notices.errors.fix_fields')}
            status={update.isSuccess ? t('settings.notices.saved') : ''}
          />
        </form>
      )}
    </SettingsCard>
  );
}
