import { createHash } from 'node:crypto';
import { HTML_LANG, LOCALE_QUERY_PARAMETER, type Locale } from '../../shared/locales.js';
import { APP_PATHS } from '../../shared/paths.js';
import type { SiteContent } from '../../shared/schemas/content.js';
import { isSocialIcon, SOCIAL_ICONS } from '../../shared/social-icons.js';
import { CV_LABELS, type CvLabels } from './cv-labels.js';

export interface CvPeriod {
  from: number;
  /** Undefined while it is still going on. */
  to?: number | undefined;
}

export interface CvEntry {
  period: CvPeriod;
  title: string;
  place: string;
  description: string;
}

export interface CvLevel {
  name: string;
  /** 0 to 100, as the owner wrote it. */
  level: number;
}

interface CvLink {
  /** The service's name (GitHub, Telegram), or the address's host for links the site has no icon for. */
  network: string;
  url: string;
  /** The address without its scheme, as it reads on paper. */
  shown: string;
}

interface CvProject {
  title: string;
  summary: string;
  year: number;
  tags: string[];
  url?: string | undefined;
}

/** One language's CV, made from the site's content: what the PDF and the JSON Resume both show. */
export interface Cv {
  locale: Locale;
  /** BCP 47 tag of the CV's language. */
  language: string;
  labels: CvLabels;
  firstName: string;
  lastName: string;
  name: string;
  role: string;
  location?: string | undefined;
  email?: string | undefined;
  phone?: string | undefined;
  /** The site's about page in this language. */
  website: string;
  links: CvLink[];
  about: string[];
  experience: CvEntry[];
  education: CvEntry[];
  design: CvLevel[];
  coding: CvLevel[];
  languages: CvLevel[];
  knowledge: string[];
  services: { title: string; description: string }[];
  projects: CvProject[];
}

/** How many portfolio items the CV shows, in the owner's order: a CV points to the work, it is not the portfolio. */
const CV_PROJECT_COUNT = 4;

/**
 * The address's host, or the address itself when it cannot be read: content stored before links were
 * checked this strictly (or written to the database by hand) must still give a CV, never a 500.
 */
function hostOf(url: string): string {
  try {
    return new URL(url).host || url;
  } catch {
    return url;
  }
}

/** The address as it reads on paper: no scheme, no trailing slash. */
export function shownUrl(url: string): string {
  return url
    .replace(/^https?:\/\//, '')
    .replace(/^mailto:/, '')
    .replace(/\/$/, '');
}

function entries(list: SiteContent['about']['experience'], locale: Locale): CvEntry[] {
  return list.map((entry) => ({
    period: { from: entry.period.from, to: entry.period.to },
    title: entry.title[locale],
    place: entry.place[locale],
    description: entry.description[locale],
  }));
}

export function cvContent(content: SiteContent, locale: Locale, origin: string): Cv {
  const { identity, about, portfolio, footer } = content;
  const firstName = identity.first_name[locale];
  const lastName = identity.last_name[locale];
  return {
    locale,
    language: HTML_LANG[locale],
    labels: CV_LABELS[locale],
    firstName,
    lastName,
    name: `${firstName} ${lastName}`.trim(),
    role: identity.role[locale],
    location: identity.location?.[locale],
    email: identity.email,
    phone: identity.phone,
    website: `${origin}${APP_PATHS.about}?${LOCALE_QUERY_PARAMETER}=${locale}`,
    // The e-mail address is shown once, beside the phone; the other links are the owner's profiles.
    links: footer.social_links
      .filter((link) => /^https?:/.test(link.url))
      .map((link) => ({
        network: isSocialIcon(link.icon) ? SOCIAL_ICONS[link.icon] : hostOf(link.url),
        url: link.url,
        shown: shownUrl(link.url),
      })),
    about: about.custom_text[locale]
      .split(/\n\s*\n/)
      .map((paragraph) => paragraph.replace(/\s+/g, ' ').trim())
      .filter(Boolean),
    experience: entries(about.experience, locale),
    education: entries(about.education, locale),
    design: about.skills.design,
    coding: about.skills.coding,
    languages: about.skills.languages.map((language) => ({ name: language.name[locale], level: language.level })),
    knowledge: about.skills.knowledge.map((item) => item[locale]),
    services: about.services.map((service) => ({
      title: service.title[locale],
      description: service.description[locale],
    })),
    projects: portfolio.items.slice(0, CV_PROJECT_COUNT).map((item) => ({
      title: item.title[locale],
      summary: item.summary[locale],
      year: item.year,
      tags: item.tags,
      url: item.url,
    })),
  };
}

/** A language's level in words: 100 is a mother tongue. */
export function languageLevel(level: number, labels: CvLabels): string {
  const [native, fluent, advanced, intermediate, basic] = labels.languageLevels;
  if (level >= 100) return native;
  if (level >= 90) return fluent;
  if (level >= 75) return advanced;
  if (level >= 50) return intermediate;
  return basic;
}

/** A skill's level in words. */
export function skillLevel(level: number, labels: CvLabels): string {
  const [expert, advanced, intermediate, beginner] = labels.skillLevels;
  if (level >= 90) return expert;
  if (level >= 75) return advanced;
  if (level >= 50) return intermediate;
  return beginner;
}

/** A level out of five, for marks that print the same in black and white. */
export function levelOutOfFive(level: number): number {
  return Math.max(1, Math.min(5, Math.round(level / 20)));
}

export function periodText({ from, to }: CvPeriod, labels: CvLabels): string {
  if (to === undefined) return `${from} – ${labels.present}`;
  return from === to ? String(from) : `${from} – ${to}`;
}

/**
 * The version of the content a CV is made from. Today the content is read once at start-up, so it
 * is one hash per process; a content store that publishes anew gives a new version, and the cache
 * drops the CVs made from the old one.
 */
export function contentVersion(content: SiteContent): string {
  return createHash('sha256').update(JSON.stringify(content)).digest('base64url').slice(0, 16);
}
