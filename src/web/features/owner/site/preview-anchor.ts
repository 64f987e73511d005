import type { SectionName } from './form-model.js';
import { valueAt } from './form-model.js';

/** A page the preview can show: the visitor pages a section's content appears on, and the 404 page. */
export type PreviewPage = 'home' | 'about' | 'portfolio' | 'not_found';

/** The preview's address of each page, after `/owner/content/preview`; any unknown path is the 404 page. */
export const PREVIEW_PAGE_PATHS: Record<PreviewPage, string> = {
  home: '',
  about: 'about',
  portfolio: 'portfolio',
  // Not a visitor page (shared/pages.ts), so the server renders the 404 page, as for any unknown address.
  not_found: 'not-found',
};

/**
 * The pages a section can be previewed on, its own first: the identity and the footer show on every
 * page; every section can look at the 404 page, which shows the footer and the name too.
 */
export function previewPagesOf(section: SectionName): PreviewPage[] {
  switch (section) {
    case 'about':
      return ['about', 'not_found'];
    case 'portfolio':
      return ['portfolio', 'not_found'];
    case 'home':
      return ['home', 'not_found'];
    case 'identity':
    case 'footer':
      return ['home', 'about', 'portfolio', 'not_found'];
  }
}

/**
 * Where the preview scrolls for the field being edited: an element of the real page by its id (the
 * frame runs no script, so the address's #fragment scrolls it), or the page's end (the footer, which
 * has no id of its own).
 */
export type PreviewAnchor = `#${string}` | 'end';

/** The ids of the about page's sections (about-page.tsx), by the field they show. */
const ABOUT_SECTION_IDS: Record<string, string> = {
  custom_text: 'about-custom-text',
  services: 'about-services',
  experience: 'about-experience',
  education: 'about-education',
  skills: 'about-skills',
  interests: 'about-interests',
};

/**
 * The anchor for a field's control or group, from its element id (`field-portfolio-items-2-title-english`,
 * form-model.ts's fieldId), on the page the preview shows; undefined when the page's top is the place.
 */
export function previewAnchorOf(elementId: string, page: PreviewPage, content: unknown): PreviewAnchor | undefined {
  if (!elementId.startsWith('field-')) return undefined;
  const [section, key, index] = elementId.slice('field-'.length).split('-');
  if (section === 'footer') return 'end';
  if (page === 'about' && section === 'about' && key) {
    const id = ABOUT_SECTION_IDS[key];
    return id ? `#${id}` : undefined;
  }
  if (page === 'portfolio' && section === 'portfolio' && key === 'items' && index !== undefined) {
    const itemId = valueAt(content, ['portfolio', 'items', Number(index), 'id']);
    return typeof itemId === 'string' && itemId !== '' ? `#portfolio-item-${itemId}` : undefined;
  }
  return undefined;
}
