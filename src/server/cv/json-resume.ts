import { type Cv, type CvEntry, languageLevel, skillLevel } from './cv-content.js';

/** The JSON Resume schema this document follows (https://jsonresume.org/schema). */
const JSON_RESUME_SCHEMA = 'https://raw.githubusercontent.com/jsonresume/resume-schema/v1.0.0/schema.json';

function dates({ period }: CvEntry) {
  return period.to === undefined
    ? { startDate: String(period.from) }
    : { startDate: String(period.from), endDate: String(period.to) };
}

/** "Tashkent, Uzbekistan": the city before the first comma, the rest as the region. */
function location(text: string | undefined) {
  if (!text) return undefined;
  const [city = '', ...rest] = text.split(',');
  const region = rest.join(',').trim();
  return region ? { address: text, city: city.trim(), region } : { address: text, city: text };
}

/**
 * The last part of a profile's address, which is the user name on most networks; none when the
 * address cannot be read (a stored link with a broken `%` escape gives a CV without it, not a 500).
 */
function username(url: string): string | undefined {
  try {
    const last = new URL(url).pathname.split('/').filter(Boolean).at(-1);
    return last ? decodeURIComponent(last) : undefined;
  } catch {
    return undefined;
  }
}

/** The same CV as a JSON Resume document, for the JSON Resume tools and themes. */
export function jsonResume(cv: Cv, canonical: string) {
  const { labels } = cv;
  return {
    $schema: JSON_RESUME_SCHEMA,
    basics: {
      name: cv.name,
      label: cv.role,
      ...(cv.email ? { email: cv.email } : {}),
      ...(cv.phone ? { phone: cv.phone } : {}),
      url: cv.website,
      summary: cv.about.join('\n\n'),
      ...(cv.location ? { location: location(cv.location) } : {}),
      profiles: cv.links.map((link) => {
        const name = username(link.url);
        return { network: link.network, ...(name ? { username: name } : {}), url: link.url };
      }),
    },
    work: cv.experience.map((entry) => ({
      name: entry.place,
      position: entry.title,
      ...dates(entry),
      summary: entry.description,
    })),
    education: cv.education.map((entry) => ({
      institution: entry.place,
      area: entry.title,
      ...dates(entry),
      courses: [entry.description],
    })),
    skills: [
      ...[...cv.design, ...cv.coding].map((skill) => ({
        name: skill.name,
        level: skillLevel(skill.level, labels),
        keywords: [cv.design.includes(skill) ? labels.design : labels.coding],
      })),
      ...(cv.knowledge.length > 0 ? [{ name: labels.knowledge, keywords: cv.knowledge }] : []),
    ],
    languages: cv.languages.map((language) => ({
      language: language.name,
      fluency: languageLevel(language.level, labels),
    })),
    projects: cv.projects.map((project) => ({
      name: project.title,
      description: project.summary,
      keywords: project.tags,
      startDate: String(project.year),
      ...(project.url ? { url: project.url } : {}),
    })),
    meta: { canonical, version: 'v1.0.0' },
  };
}
