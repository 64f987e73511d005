import { siteIdentity } from './site-data.js';
import { useLocale } from './use-locale.js';

/** The owner's name and details in the current language. */
export function useOwner() {
  const locale = useLocale();
  const identity = siteIdentity();
  const firstName = identity?.first_name[locale] ?? '';
  const lastName = identity?.last_name[locale] ?? '';
  return {
    firstName,
    lastName,
    fullName: `${firstName} ${lastName}`.trim(),
    role: identity?.role[locale] ?? '',
    location: identity?.location?.[locale],
    email: identity?.email,
    phone: identity?.phone,
  };
}
