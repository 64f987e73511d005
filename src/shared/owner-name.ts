import type { Locale } from './locales.js';
import type { Identity } from './schemas/content.js';

/** The owner's name as pages, shared links and link-preview pictures show it. */
export function fullName(identity: Pick<Identity, 'first_name' | 'last_name'>, locale: Locale): string {
  return `${identity.first_name[locale]} ${identity.last_name[locale]}`.trim();
}
