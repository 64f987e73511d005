import { useTranslation } from 'react-i18next';
import { CodeField } from '../components/field.js';

/**
 * The authenticator's code the password forms of Security (changing the password, confirming it is
 * you) ask for beside the password while the second factor is on; nothing while it is off.
 */
export function SecondFactorCodeField({
  secondFactor,
  code,
  onChange,
  error,
}: {
  secondFactor: boolean;
  code: string;
  onChange: (code: string) => void;
  error: unknown;
}) {
  const { t } = useTranslation('owner');
  if (!secondFactor) return null;
  return (
    <CodeField
      label={t('security.code')}
      value={code}
      onChange={(event) => onChange(event.target.value)}
      error={error}
    />
  );
}

/** What such a form's request carries of the code: the code while the second factor is on and one is typed. */
export function secondFactorCodeBody(secondFactor: boolean, code: string): { code?: string } {
  return secondFactor && code.trim() ? { code: code.trim() } : {};
}
