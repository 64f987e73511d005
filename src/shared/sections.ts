/** Content sections the API serves, spec §5. */
export const SECTIONS = ['home', 'about', 'portfolio', 'footer'] as const;
export type Section = (typeof SECTIONS)[number];

/** The exact text the spec gives for a rejected section name (§5). */
export const SECTION_NOT_FOUND = 'Section not found';

export function isSection(value: unknown): value is Section {
  return typeof value === 'string' && (SECTIONS as readonly string[]).includes(value);
}
