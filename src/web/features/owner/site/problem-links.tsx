import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { FieldErrorCode } from '../../../../shared/api-errors.js';
import { OWNER_PATHS } from '../../../../shared/paths.js';
import { fieldId } from './form-model.js';
import { fieldLink, fieldWords } from './section-path.js';

/** Each problem of the draft as a link that opens its section with the field focused. */
export function ProblemLinks({
  problems,
  onFollow,
}: {
  problems: readonly { field: string; code: FieldErrorCode }[];
  /** A link was followed (a dialog or a list around it closes). */
  onFollow?: () => void;
}) {
  const { t } = useTranslation('studio');
  return (
    <ul>
      {problems.map((problem) => (
        <li key={problem.field}>
          <Link
            to={fieldLink(OWNER_PATHS.site, problem.field)}
            onClick={() => {
              onFollow?.();
              // The section's editor focuses the field when the address changes; on its own address
              // (the same link again) nothing changes, so the field is focused here.
              requestAnimationFrame(() => document.getElementById(fieldId(problem.field))?.focus());
            }}
          >
            {t('publish.problem', {
              section: t(`sections.${problem.field.split('.')[0] as 'home'}`, { defaultValue: problem.field }),
              field: fieldWords(t, problem.field),
              error: t(`field_errors.${problem.code}`),
            })}
          </Link>
        </li>
      ))}
    </ul>
  );
}
