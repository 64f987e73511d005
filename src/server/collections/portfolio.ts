import { LOCALES } from '../../shared/locales.js';
import type { ServedContent } from '../../shared/page-rendering.js';
import type { ProjectContent } from '../../shared/schemas/collections.js';
import type { PortfolioProject } from '../../shared/schemas/entry-views.js';
import type { ContentSnapshot, PublishedEntry } from '../content/content-state.js';
import { perVersion } from '../lib/per-version.js';
import { visibleIn } from './entry-pages.js';

/** The dialog quotes the body's opening, not all of it: the project's page has the rest. */
const LEAD_LENGTH = 400;

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/** The first paragraph of a body as rendered on publish (sanitized HTML), as plain text. */
function leadOf(html: string): string | undefined {
  const paragraph = /<p\b[^>]*>([\s\S]*?)<\/p>/.exec(html)?.[1];
  if (paragraph === undefined) return undefined;
  const text = paragraph
    .replace(/<[^>]*>/g, '')
    .replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (whole, name: string) => {
      if (name[0] !== '#') return ENTITIES[name.toLowerCase()] ?? whole;
      const code = name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
      return Number.isInteger(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    })
    .replace(/\s+/g, ' ')
    .trim();
  if (text === '') return undefined;
  if (text.length <= LEAD_LENGTH) return text;
  const cut = text.slice(0, LEAD_LENGTH);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), LEAD_LENGTH / 2)).trimEnd()}…`;
}

function promoted(entry: PublishedEntry): PortfolioProject {
  const project = entry.content as ProjectContent;
  const text: PortfolioProject['text'] = {};
  for (const locale of LOCALES) {
    const texts = project.text[locale];
    if (!texts) continue;
    const lead = leadOf(entry.rendered[locale]?.html ?? '');
    text[locale] = {
      title: texts.title,
      summary: texts.summary,
      ...(lead !== undefined && lead !== texts.summary ? { lead } : {}),
      ...(texts.cover_alt !== undefined ? { coverAlt: texts.cover_alt } : {}),
      ...(texts.role !== undefined ? { role: texts.role } : {}),
    };
  }
  return {
    id: entry.slug,
    group: project.group,
    year: project.year,
    date: entry.visibleFrom,
    tags: [...project.tags],
    ...(project.cover !== undefined ? { cover: project.cover } : {}),
    ...(project.links.live !== undefined ? { url: project.links.live } : {}),
    text,
  };
}

/**
 * The content a snapshot serves visitors (the page renderer and `/pages/portfolio` both take it from
 * here, decision 030): the portfolio's items, then every visible project no item stands for, newest
 * first. A scheduled project is not visible yet, so it is in no snapshot's portfolio before its time.
 * Without such projects the portfolio is answered exactly as the owner wrote it.
 */
export const servedContentOf = perVersion((snapshot: ContentSnapshot): ServedContent => {
  const { content } = snapshot;
  const itemIds = new Set(content.portfolio.items.map((item) => item.id));
  const projects = visibleIn(snapshot, 'projects')
    .filter((entry) => !itemIds.has(entry.slug))
    .map(promoted);
  return projects.length === 0 ? content : { ...content, portfolio: { ...content.portfolio, projects } };
});
