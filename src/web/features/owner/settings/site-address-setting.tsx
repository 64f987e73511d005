import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { siteAddressProblem } from '../../../../shared/schemas/site-address.js';
import { ApiError } from '../../../shared/api/api-client.js';
import { useSiteAddress } from '../api/get-site-address.js';
import { useUpdateSiteAddress } from '../api/update-site-address.js';
import { Field } from '../components/field.js';
import { useOwnerErrorText } from '../components/use-owner-error-text.js';
import { SaveActions, SettingsCard } from './settings-card.js';
import styles from './settings-card.module.css';

/** The reasons an address is refused that have words of their own. */
const ADDRESS_ERRORS = new Set(['required', 'invalid_url', 'not_origin', 'https_required']);

/**
 * The site's address (issue 28): proposed from the address this page was opened at, confirmed by the
 * owner. When the server's environment sets it (PUBLIC_URL), it is shown read-only.
 */
export function SiteAddressSetting() {
  const { t } = useTranslation('owner');
  const errorText = useOwnerErrorText();
  const { data: state, error: loadError } = useSiteAddress();
  const update = useUpdateSiteAddress();
  // What the owner typed; until then the saved address, else this page's own origin.
  const [typed, setTyped] = useState<string | undefined>(undefined);
  const [problem, setProblem] = useState<string | undefined>(undefined);
  const here = typeof window === 'undefined' ? '' : window.location.origin;
  const value = typed ?? state?.address ?? here;

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (update.isPending || state?.source === 'environment') return;
    const address = value.trim();
    const found = address === '' ? 'required' : siteAddressProblem(address);
    setProblem(found);
    if (found) return;
    update.mutate({ address }, { onSuccess: () => setTyped(undefined) });
  }

  const error = problem ?? update.error;
  const fieldError = !error
    ? undefined
    : typeof error === 'string'
      ? t(`site_address.errors.${error as 'required'}`)
      : addressErrorText(error);

  function addressErrorText(failure: unknown): string {
    if (failure instanceof ApiError) {
      const code = failure.fieldErrors.find((field) => field.field === 'address')?.code ?? failure.code;
      if (ADDRESS_ERRORS.has(code) || code === 'site_address_from_environment') {
        return t(`site_address.errors.${code as 'required'}`);
      }
    }
    return errorText(failure);
  }

  const fromEnvironment = state?.source === 'environment';
  return (
    <SettingsCard titleId="owner-site-address-title" title={t('site_address.title')} intro={t('site_address.intro')}>
      {loadError && <p role="alert">{errorText(loadError)}</p>}
      {state && fromEnvironment && (
        <Field
          label={t('site_address.label')}
          value={state.address ?? ''}
          readOnly
          hint={t('site_address.from_environment', { address: state.address ?? '' })}
        />
      )}
      {state && !fromEnvironment && (
        <form className={styles.form} onSubmit={onSubmit} noValidate>
          {state.source === 'none' && (
            <p className={styles.notice}>{t('site_address.unset', { served: state.served })}</p>
          )}
          <Field
            label={t('site_address.label')}
            hint={
              state.source === 'none' && here ? t('site_address.proposed', { origin: here }) : t('site_address.hint')
            }
            type="url"
            name="site-address"
            inputMode="url"
            autoComplete="url"
            spellCheck={false}
            autoCapitalize="none"
            value={value}
            onChange={(event) => {
              setTyped(event.target.value);
              setProblem(undefined);
              update.reset();
            }}
            error={fieldError}
          />
          <SaveActions
            pending={update.isPending}
            label={t('site_address.save')}
            pendingLabel={t('site_address.saving')}
          />
          {state.source === 'setting' && (
            <p role="status" className={styles.muted}>
              {update.isSuccess
                ? t('site_address.saved', { address: state.address ?? '' })
                : t('site_address.current', { address: state.address ?? '' })}
            </p>
          )}
        </form>
      )}
    </SettingsCard>
  );
}
