import { slug } from 'github-slugger';
import type { Locale } from '../../shared/locales.js';
import { CONTACT_FIELDS } from '../../shared/schemas/contact.js';

/**
 * The ids the site's own pages use (src/web), which a heading must never take: a note's body sits
 * in a page with a header, a main element and, in the portfolio's dialog, beside the home page's
 * sections. heading-ids.test.ts finds every literal id in src/web and fails when one is missing here.
 */
export const RESERVED_IDS: ReadonlySet<string> = new Set([
  'root',
  'main',
  'main-menu',
  'site-data',
  'hydration-data',
  'home-title',
  'not-found-title',
  'error-title',
  'portfolio-dialog-title',
  'about-custom-text',
  'about-education',
  'about-experience',
  'about-interests',
  'about-services',
  'about-skills',
  'contact-details-title',
  'contact-form-title',
  'contact-website',
  ...CONTACT_FIELDS.flatMap((field) => [`contact-${field}`, `contact-${field}-error`]),
  'owner-deliveries-title',
  'owner-message-title',
  'owner-notifications-title',
  'owner-passkeys-title',
  'owner-password-title',
  'owner-reset-title',
  'owner-second-factor-title',
  'owner-security-title',
  'owner-sessions-title',
  'owner-setup-title',
  'owner-first-run-title',
  'owner-sign-in-title',
  'owner-summary-title',
  'owner-shares-title',
  'owner-share-link',
  'shared-gone-title',
  'shared-password-title',
  'owner-email-title',
  'owner-site-address-title',
  'owner-checklist-title',
  'owner-telegram-title',
  'owner-notices-title',
  'owner-backups-title',
  'owner-origin-title',
  'stats-graph-heading',
  'stats-summary-title',
  'stats-this-browser-title',
  'studio-sections',
  'studio-collections',
  'translations-marked',
  'note-title',
  'notes-elsewhere-title',
  'contents-title',
  'project-title',
  'project-gallery-title',
  'entry-body-title',
  'entry-conflict-title',
  'entry-delete-title',
  // The footnotes' hidden heading (mdast-util-to-hast names it so).
  'footnote-label',
]);

/** Ids the site makes from data (`portfolio-item-<id>`, the studio's `field-<path>`): a heading's goes elsewhere. */
export const RESERVED_PREFIXES: readonly string[] = ['portfolio-item-', 'portfolio-summary-', 'field-'];

/** What a heading with no letters or digits at all (an emoji) is called. */
const FALLBACK_ID = 'section';

/** Apostrophes an Uzbek writer may type for the letters oʻ and gʻ, and for the tutuq belgisi (ʼ). */
const APOSTROPHES = /['‘’`ʻʼ]/;

/**
 * Uzbek (Latin) spells oʻ and gʻ with a turned comma and writes the glottal stop with ʼ; both are
 * letters that github-slugger keeps, while the quote marks people type for them are punctuation it
 * drops ("O‘zbek" would become "ozbek"). So in Uzbek the usual stand-ins become the letters first.
 */
function uzbekLetters(text: string): string {
  return text
    .replace(new RegExp(`([oOgG])${APOSTROPHES.source}`, 'g'), '$1ʻ')
    .replace(/(\p{L})['‘’`ʼ](?=\p{L})/gu, '$1ʼ');
}

/**
 * The ids of one body's headings: readable (github-slugger: lowercase, letters of any script kept,
 * punctuation dropped, spaces as hyphens), unique within the body (`intro`, `intro-1`), never one of
 * the site's own, and never one React could make (`_r_1_`).
 */
export class HeadingIds {
  readonly #used = new Set<string>(RESERVED_IDS);
  readonly #locale: Locale;

  constructor(locale: Locale, taken: Iterable<string> = []) {
    this.#locale = locale;
    for (const id of taken) this.#used.add(id);
  }

  next(text: string): string {
    const base = this.#base(text);
    let id = base;
    for (let count = 1; this.#used.has(id); count++) id = `${base}-${count}`;
    this.#used.add(id);
    return id;
  }

  #base(text: string): string {
    const readable = slug(this.#locale === 'lotin' ? uzbekLetters(text) : text)
      .replace(/-{2,}/g, '-')
      .replace(/^[-_]+|[-_]+$/g, '');
    if (!readable) return FALLBACK_ID;
    return RESERVED_PREFIXES.some((prefix) => readable.startsWith(prefix)) ? `h-${readable}` : readable;
  }
}
