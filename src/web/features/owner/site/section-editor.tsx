import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useParams } from 'react-router';
import { isLocale, LOCALES, type Locale } from '../../../../shared/locales.js';
import { OWNER_PATHS } from '../../../../shared/paths.js';
import { useLocale } from '../../../shared/lib/use-locale.js';
import { useMediaQuery } from '../../../shared/lib/use-media-query.js';
import { DisclosureButton } from '../studio/disclosure-button.js';
import { FieldEditor } from './field-editor.js';
import { fieldId, SECTION_FORMS, SECTION_NAMES, type SectionName } from './form-model.js';
import { PhoneLanguageSwitcher } from './phone-language-switcher.js';
import { PHONE_QUERY } from './phone-query.js';
import { PreviewPane } from './preview-pane.js';
import styles from './site.module.css';
import { StudioHeader } from './studio-page-title.js';

const isSection = (value: string | undefined): value is SectionName => SECTION_NAMES.includes(value as SectionName);

/**
 * One section's form beside its preview (above it on a narrow screen; on a phone the fields come
 * first and the preview shows on demand). A link to a field (a problem of the draft) opens the
 * section with the field focused, in its language on a phone.
 */
export function SectionEditor() {
  const { t } = useTranslation('studio');
  const { section } = useParams();
  const interfaceLanguage = useLocale();
  const [phoneLanguage, setPhoneLanguage] = useState<Locale>(interfaceLanguage);
  const { hash } = useLocation();
  const phone = useMediaQuery(PHONE_QUERY);
  const [previewShown, setPreviewShown] = useState(false);
  const previewId = useId();
  const languages = [interfaceLanguage, ...LOCALES.filter((locale) => locale !== interfaceLanguage)];

  useEffect(() => {
    if (!hash) return;
    const id = decodeURIComponent(hash.slice(1));
    const last = id.split('-').at(-1);
    if (isLocale(last)) setPhoneLanguage(last);
    // After the language's column shows: the field, or the nearest group around it that exists.
    requestAnimationFrame(() => {
      let target = document.getElementById(id);
      for (let parts = id.split('-'); !target && parts.length > 2; parts = parts.slice(0, -1)) {
        target = document.getElementById(parts.slice(0, -1).join('-'));
      }
      target?.focus();
      target?.scrollIntoView({ block: 'center' });
    });
  }, [hash]);

  // An address naming no section (mistyped, or an old bookmark) opens the sections' overview, as the
  // owner area opens the inbox for an address it does not know.
  if (!isSection(section)) return <Navigate to={OWNER_PATHS.site} replace />;
  return (
    <div className={styles.page}>
      <StudioHeader title={t(`sections.${section}`)} back={t('back')} />
      <div className={styles.editor}>
        {phone ? (
          // On a phone the fields come first; the preview, a page of its own, waits behind a button.
          <div className={styles.previewOnDemand}>
            <DisclosureButton
              open={previewShown}
              onToggle={setPreviewShown}
              controls={previewId}
              className={styles.secondary}
            >
              {previewShown ? t('preview.hide') : t('preview.show')}
            </DisclosureButton>
            {previewShown && <PreviewPane id={previewId} section={section} />}
          </div>
        ) : (
          <PreviewPane section={section} />
        )}
        <form
          className={styles.sectionForm}
          id={fieldId(section)}
          aria-label={t(`sections.${section}`)}
          noValidate
          onSubmit={(event) => event.preventDefault()}
        >
          <PhoneLanguageSwitcher languages={languages} value={phoneLanguage} onChange={setPhoneLanguage} />
          <FieldEditor
            root
            node={SECTION_FORMS[section]}
            path={[section]}
            label={t(`sections.${section}`)}
            languages={languages}
            phoneLanguage={phoneLanguage}
          />
        </form>
      </div>
    </div>
  );
}
