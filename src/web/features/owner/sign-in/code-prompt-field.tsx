import { useTranslation } from 'react-i18next';
import { CodeField } from '../components/field.js';
import type { useCodePrompt } from './use-code-prompt.js';

/** The authenticator's code field of a `useCodePrompt`: nothing until the server asks for a code. */
export function CodePromptField({
  prompt,
  error,
  hint,
  autoFocus,
}: {
  prompt: ReturnType<typeof useCodePrompt>;
  error: unknown;
  hint?: string;
  autoFocus?: boolean;
}) {
  const { t } = useTranslation('owner');
  if (!prompt.asked) return null;
  return (
    <CodeField
      label={t('sign_in.code')}
      hint={hint}
      required
      autoFocus={autoFocus}
      value={prompt.code}
      onChange={(event) => prompt.setCode(event.target.value)}
      error={error}
    />
  );
}
