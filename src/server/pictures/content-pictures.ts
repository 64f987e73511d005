import type { SiteContent } from '../../shared/schemas/content.js';

/** The pictures a version names, as paths under `images/`. */
export function picturesOf(content: SiteContent): string[] {
  return [...new Set([content.home.photo, ...content.portfolio.items.map((item) => item.image)])];
}
