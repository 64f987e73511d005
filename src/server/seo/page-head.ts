import {
  DEFAULT_LOCALE,
  HTML_LANG,
  LOCALE_QUERY_PARAMETER,
  LOCALES,
  type Locale,
  OG_LOCALE,
} from '../../shared/locales.js';
import { fullName } from '../../shared/owner-name.js';
import { documentTitle, isIndexed, PAGES, type PageDescription, type PageName } from '../../shared/pages.js';
import type { SiteContent } from '../../shared/schemas/content.js';
import { jsonForScript } from '../../shared/site-data.js';
import { cvJsonLd } from '../cv/cv-json-ld.js';
import { escapeHtml } from '../lib/escape-html.js';

/** An address in one language: the default language at the plain path, the others with `?lang=`. */
export function addressIn(origin: string, path: string, locale: Locale): string {
  return locale === DEFAULT_LOCALE ? `${origin}${path}` : `${origin}${path}?${LOCALE_QUERY_PARAMETER}=${locale}`;
}

function firstSentence(text: string): string {
  return /^[^.!?]*[.!?]?/.exec(text.trim())?.[0]?.trim() ?? '';
}

/** Search results show about 155 characters: cut at a word, never inside one. */
export function clip(text: string, max = 160): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (clean.length <= max) return clean;
  return `${clean.slice(0, max - 1).replace(/\s+\S*$/, '')}…`;
}

/** What search results and shared links say about a page, from the owner's own texts. */
const DESCRIBE: Record<PageDescription, (content: SiteContent, locale: Locale) => string> = {
  introduction: ({ identity, home }, locale) => clip(`${identity.role[locale]}. ${firstSentence(home.intro[locale])}`),
  about: ({ identity, about }, locale) => clip(`${identity.role[locale]}. ${firstSentence(about.custom_text[locale])}`),
  projects: ({ identity, portfolio }, locale) => {
    const titles = portfolio.items.map((item) => item.title[locale]).join(', ');
    return clip(titles ? `${identity.role[locale]}: ${titles}` : identity.role[locale]);
  },
  // A collection's pages describe themselves from their entries (entry-head.ts); these are the
  // fallbacks the 404 variant of such a page would use.
  notes: ({ identity }, locale) => clip(identity.role[locale]),
  entry: ({ identity }, locale) => clip(identity.role[locale]),
  'contact-card': (content, locale) => {
    const { identity, home } = content;
    const where = identity.location?.[locale];
    return clip(
      `${fullName(content.identity, locale)} — ${identity.role[locale]}${where ? `, ${where}` : ''}. ${firstSentence(home.intro[locale])}`,
    );
  },
};

function pageDescription(content: SiteContent, page: PageName, locale: Locale): string {
  return DESCRIBE[PAGES[page].description](content, locale);
}

function pageTitle(content: SiteContent, titles: PageTitles | undefined, page: PageName, locale: Locale) {
  // Without the server bundle there are no translated titles: the owner's name alone.
  return documentTitle(fullName(content.identity, locale), titles?.[locale][page]);
}

type PageTitles = Record<Locale, Record<PageName, string>>;

export interface PreviewImage {
  url: string;
  width: number;
  height: number;
  type: string;
}

export interface HeadInput {
  origin: string;
  page: PageName;
  locale: Locale;
  content: SiteContent;
  titles: PageTitles | undefined;
  image: PreviewImage;
}

/** schema.org `Person`: who the site is about, for search engines' knowledge panels. */
function personJsonLd(content: SiteContent, origin: string, locale: Locale, image: string) {
  const { identity, footer } = content;
  const person: Record<string, unknown> = {
    '@context': 'https://schema.org',
    '@type': 'Person',
    name: fullName(content.identity, locale),
    givenName: identity.first_name[locale],
    familyName: identity.last_name[locale],
    jobTitle: identity.role[locale],
    url: `${origin}/`,
    image,
    sameAs: footer.social_links.map((link) => link.url).filter((url) => /^https?:/.test(url)),
  };
  if (identity.email) person.email = `mailto:${identity.email}`;
  if (identity.location) person.homeLocation = { '@type': 'Place', name: identity.location[locale] };
  return person;
}

/**
 * Everything in `<head>` that describes a page: title, description, canonical address, the other
 * languages' addresses, Open Graph and Twitter cards, and JSON-LD. All owner text is escaped.
 */
/** What a shared link shows (Open Graph and Twitter): the page's title, description and picture. */
export interface SharedLink {
  /** Already escaped, as the page's `<title>`. */
  title: string;
  /** Already escaped. */
  description: string;
  siteName: string;
  locale: Locale;
  /** The other languages the page exists in. */
  otherLocales: readonly Locale[];
  image: PreviewImage;
  imageAlt: string;
}

export function sharedLinkTags({ title, description, siteName, locale, otherLocales, image, imageAlt }: SharedLink) {
  const alt = escapeHtml(imageAlt);
  return [
    `<meta name="description" content="${description}" />`,
    `<meta property="og:title" content="${title}" />`,
    `<meta property="og:description" content="${description}" />`,
    `<meta property="og:site_name" content="${escapeHtml(siteName)}" />`,
    `<meta property="og:locale" content="${OG_LOCALE[locale]}" />`,
    ...otherLocales
      .filter((other) => other !== locale)
      .map((other) => `<meta property="og:locale:alternate" content="${OG_LOCALE[other]}" />`),
    `<meta property="og:image" content="${escapeHtml(image.url)}" />`,
    `<meta property="og:image:type" content="${image.type}" />`,
    `<meta property="og:image:width" content="${image.width}" />`,
    `<meta property="og:image:height" content="${image.height}" />`,
    `<meta property="og:image:alt" content="${alt}" />`,
    '<meta name="twitter:card" content="summary_large_image" />',
    `<meta name="twitter:title" content="${title}" />`,
    `<meta name="twitter:description" content="${description}" />`,
    `<meta name="twitter:image" content="${escapeHtml(image.url)}" />`,
    `<meta name="twitter:image:alt" content="${alt}" />`,
  ];
}

/**
 * The canonical address and the page's languages' addresses: `x-default` is Uzbek's when the page has
 * it, else its first language's (a page of an entry without Uzbek would be the 404 page at its plain
 * path for a visitor without a saved language).
 */
export function languageLinks(origin: string, path: string, locale: Locale, locales: readonly Locale[]): string[] {
  const xDefault = locales.includes(DEFAULT_LOCALE) ? DEFAULT_LOCALE : (locales[0] ?? DEFAULT_LOCALE);
  const canonical = escapeHtml(addressIn(origin, path, locale));
  return [
    `<link rel="canonical" href="${canonical}" />`,
    ...locales.map(
      (other) =>
        `<link rel="alternate" hreflang="${HTML_LANG[other]}" href="${escapeHtml(addressIn(origin, path, other))}" />`,
    ),
    `<link rel="alternate" hreflang="x-default" href="${escapeHtml(addressIn(origin, path, xDefault))}" />`,
    `<meta property="og:url" content="${canonical}" />`,
  ];
}

export function pageHead({ origin, page, locale, content, titles, image }: HeadInput): string {
  const title = escapeHtml(pageTitle(content, titles, page, locale));
  const tags = [
    `<title>${title}</title>`,
    ...sharedLinkTags({
      title,
      description: escapeHtml(pageDescription(content, page, locale)),
      siteName: fullName(content.identity, locale),
      locale,
      otherLocales: LOCALES,
      image,
      imageAlt: `${fullName(content.identity, locale)} — ${content.identity.role[locale]}`,
    }),
  ];
  if (!isIndexed(page)) {
    tags.push('<meta name="robots" content="noindex" />', '<meta property="og:type" content="website" />');
    return tags.join('\n    ');
  }
  tags.push(
    ...languageLinks(origin, PAGES[page].path, locale, LOCALES),
    `<meta property="og:type" content="${page === 'index' ? 'profile' : 'website'}" />`,
  );
  if (page === 'index') {
    tags.push(
      `<meta property="profile:first_name" content="${escapeHtml(content.identity.first_name[locale])}" />`,
      `<meta property="profile:last_name" content="${escapeHtml(content.identity.last_name[locale])}" />`,
    );
  }
  const person = personJsonLd(content, origin, locale, image.url);
  // The about page names the CV a recruiter can take away (the PDFs are not in the sitemap).
  if (page === 'about') person.subjectOf = cvJsonLd(content, origin, locale);
  tags.push(`<script type="application/ld+json">${jsonForScript(person)}</script>`);
  return tags.join('\n    ');
}
