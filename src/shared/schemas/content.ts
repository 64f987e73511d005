import { z } from 'zod';
import { LOCALES } from '../locales.js';
import { SOCIAL_ICONS } from '../social-icons.js';
import { field, fieldMeta } from './field-meta.js';

/**
 * The owner's content files (`content/*.yaml`). These schemas validate the files at start-up,
 * describe the `/pages/{section}` responses and generate `content/schema/*.json` for editors.
 * Every visitor-facing text is given in all three languages at once (spec §3 shows this for the
 * footer); names that are the same in every language (tools, tags) are plain strings.
 */
const text = (max: number) => z.string().trim().min(1).max(max);

function localized(max: number, description: string) {
  return z
    .strictObject(
      Object.fromEntries(LOCALES.map((locale) => [locale, text(max)])) as Record<
        (typeof LOCALES)[number],
        ReturnType<typeof text>
      >,
    )
    .describe(`${description} — one text per language: lotin, russian, english.`);
}

export const localizedTextSchema = localized(2_000, 'Plain text');
export const localizedLongTextSchema = localized(10_000, 'Plain text; a blank line starts a new paragraph').register(
  fieldMeta,
  { multiline: true },
);
/** A paragraph or two (a job's or a service's description, a project's summary): a small text area. */
const localizedParagraphSchema = localized(2_000, 'Plain text').register(fieldMeta, { multiline: true, lines: 3 });
const localizedHtmlSchema = localized(10_000, 'HTML (sanitized before it is shown)').register(fieldMeta, {
  multiline: true,
  html: true,
});
export type LocalizedText = z.infer<typeof localizedTextSchema>;

const slugSchema = z
  .string()
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'use lowercase letters, digits and single dashes')
  .max(60);

/** A picture under `content/images/`, referred to by its path relative to that folder. */
export const imagePathSchema = z
  .string()
  .max(200)
  .regex(
    /^(?:[a-z0-9_-]+\/)*[a-z0-9_-]+(?:\.[a-z0-9_-]+)*\.(?:svg|png|jpe?g|webp|avif)$/i,
    'use a path inside content/images such as "portfolio/shop.webp" (svg, png, jpg, webp or avif)',
  )
  .describe('A file inside content/images/')
  .register(fieldMeta, { kind: 'picture' });

const yearSchema = z.int().min(1950).max(2100);

const periodSchema = z
  .strictObject({
    from: field(yearSchema, { label: 'from', hint: 'from' }),
    to: field(yearSchema.optional().describe('Leave out while it is still going on'), { label: 'to', hint: 'to' }),
  })
  .refine((period) => period.to === undefined || period.to >= period.from, {
    message: '"to" must not be before "from"',
    path: ['to'],
  });

const levelSchema = z.int().min(0).max(100).describe('0 to 100');

const iconNameSchema = slugSchema.describe('An icon name; unknown names show a generic icon');

/**
 * Whether an address reads back as it was written: no spaces, and every `%` starts a complete escape
 * of valid UTF-8. `new URL` takes `https://example.com/%E0%A4%A` as it is, but the CV decodes a
 * profile's user name from it (issue 25, defect 8).
 */
function readsBack(url: string): boolean {
  if (/\s/.test(url)) return false;
  try {
    decodeURI(url);
    return true;
  } catch {
    return false;
  }
}

function parses(url: string): boolean {
  try {
    new URL(url);
    return true;
  } catch {
    return false;
  }
}

/** A link field: an address (`invalid_url` in the API, as zod's own check) that also reads back. */
function linkSchema(protocol: RegExp, message: string) {
  return z
    .url({ protocol, error: message })
    .max(500)
    .superRefine((url, context) => {
      // An address that does not parse at all is named once, by the check above.
      if (parses(url) && !readsBack(url)) {
        context.addIssue({
          code: 'invalid_format',
          format: 'url',
          input: url,
          message: 'has a broken address: a space, or a % that does not start an escape such as %20',
        });
      }
    });
}

export const webUrlSchema = linkSchema(/^https?$/, 'use a full http(s):// address');

const identitySchema = z.strictObject({
  first_name: field(localizedTextSchema, { label: 'first_name' }),
  last_name: field(localizedTextSchema, { label: 'last_name' }),
  role: field(localizedTextSchema, { label: 'role' }),
  location: field(localizedTextSchema, { label: 'location' }).optional(),
  email: field(z.email().max(254), { label: 'email' }).optional(),
  phone: field(z.string().trim().max(40), { label: 'phone' }).optional(),
});
export type Identity = z.infer<typeof identitySchema>;

const homeSchema = z.strictObject({
  greeting: field(localizedTextSchema, { label: 'greeting' }),
  intro: field(localizedLongTextSchema, { label: 'intro' }),
  photo: field(imagePathSchema, { label: 'photo', hint: 'photo' }),
  photo_alt: field(localizedTextSchema, { label: 'photo_alt', hint: 'photo_alt' }),
  highlights: field(
    z
      .array(
        z.strictObject({
          value: field(text(12), { label: 'value' }),
          label: field(localizedTextSchema, { label: 'label' }),
        }),
      )
      .max(4)
      .describe('Short facts under the intro, such as "8+" years'),
    { label: 'highlights', itemName: 'highlights' },
  ),
});

const timelineEntrySchema = z.strictObject({
  period: field(periodSchema, { label: 'period' }),
  title: field(localizedTextSchema, { label: 'title' }),
  place: field(localizedTextSchema, { label: 'place' }),
  description: field(localizedParagraphSchema, { label: 'description' }),
});

const iconField = field(iconNameSchema, { label: 'icon' });
const levelField = field(levelSchema, { label: 'level', hint: 'level' });
const toolsSchema = z.strictObject({ name: field(text(60), { label: 'name' }), level: levelField });

const aboutSchema = z.strictObject({
  custom_text: field(localizedLongTextSchema, { label: 'custom_text' }),
  experience: field(z.array(timelineEntrySchema).max(30), { label: 'experience', itemName: 'experience' }),
  education: field(z.array(timelineEntrySchema).max(30), { label: 'education', itemName: 'education' }),
  interests: field(
    z.array(z.strictObject({ icon: iconField, label: field(localizedTextSchema, { label: 'label' }) })).max(20),
    { label: 'interests', itemName: 'interests' },
  ),
  services: field(
    z
      .array(
        z.strictObject({
          icon: iconField,
          title: field(localizedTextSchema, { label: 'title' }),
          description: field(localizedParagraphSchema, { label: 'description' }),
        }),
      )
      .max(20),
    { label: 'services', itemName: 'services' },
  ),
  skills: field(
    z.strictObject({
      design: field(z.array(toolsSchema).max(20), { label: 'design', itemName: 'design' }),
      languages: field(
        z.array(z.strictObject({ name: field(localizedTextSchema, { label: 'name' }), level: levelField })).max(20),
        { label: 'languages', itemName: 'languages' },
      ),
      coding: field(z.array(toolsSchema).max(30), { label: 'coding', itemName: 'coding' }),
      knowledge: field(z.array(localizedTextSchema).max(40), { label: 'knowledge', itemName: 'knowledge' }),
    }),
    { label: 'skills' },
  ),
});
export type AboutContent = z.infer<typeof aboutSchema>;

const idField = field(slugSchema, { label: 'id', hint: 'id' });

const portfolioItemSchema = z.strictObject({
  id: idField,
  group: field(slugSchema.describe('The id of one of the groups'), { label: 'group', hint: 'group' }),
  title: field(localizedTextSchema, { label: 'title' }),
  summary: field(localizedParagraphSchema, { label: 'summary' }),
  description: field(localizedLongTextSchema, { label: 'description' }),
  image: field(imagePathSchema, { label: 'image', hint: 'image' }),
  image_alt: field(localizedTextSchema, { label: 'image_alt', hint: 'image_alt' }),
  year: field(yearSchema, { label: 'year' }),
  tags: field(z.array(text(40)).max(12), { label: 'tags', hint: 'tags', itemName: 'tags' }),
  url: field(webUrlSchema.optional().describe('The live work'), { label: 'url', hint: 'url' }),
});
export type PortfolioItem = z.infer<typeof portfolioItemSchema>;

const portfolioSchema = z
  .strictObject({
    groups: field(
      z
        .array(z.strictObject({ id: idField, title: field(localizedTextSchema, { label: 'title' }) }))
        .min(1)
        .max(20),
      { label: 'groups', itemName: 'groups' },
    ),
    items: field(z.array(portfolioItemSchema).max(200), { label: 'items', itemName: 'items' }),
  })
  .superRefine((portfolio, context) => {
    const groupIds = new Set<string>();
    portfolio.groups.forEach((group, index) => {
      if (group.id === 'all') {
        context.addIssue({
          code: 'custom',
          path: ['groups', index, 'id'],
          message: '"all" is built in; pick another id',
        });
      }
      if (groupIds.has(group.id)) {
        context.addIssue({ code: 'custom', path: ['groups', index, 'id'], message: `"${group.id}" is used twice` });
      }
      groupIds.add(group.id);
    });
    const itemIds = new Set<string>();
    portfolio.items.forEach((item, index) => {
      if (!groupIds.has(item.group)) {
        context.addIssue({
          code: 'custom',
          path: ['items', index, 'group'],
          message: `no group has the id "${item.group}"`,
        });
      }
      if (itemIds.has(item.id)) {
        context.addIssue({ code: 'custom', path: ['items', index, 'id'], message: `"${item.id}" is used twice` });
      }
      itemIds.add(item.id);
    });
  });

const socialLinkSchema = z.strictObject({
  url: field(linkSchema(/^(?:https?|mailto)$/, 'use a full https:// or mailto: address'), {
    label: 'url',
    hint: 'social_url',
  }),
  icon: field(
    iconNameSchema.describe(`One of ${Object.keys(SOCIAL_ICONS).join(', ')}; any other name shows a plain link icon`),
    { label: 'icon', kind: 'social-icon' },
  ),
});

const footerSchema = z.strictObject({
  description: field(localizedHtmlSchema, { label: 'description' }),
  social_links: field(z.array(socialLinkSchema).max(12), { label: 'social_links', itemName: 'social_links' }),
});

/** Each section's file under `content/`, and its schema. */
export const contentFiles = {
  identity: { file: 'identity.yaml', schema: identitySchema },
  home: { file: 'home.yaml', schema: homeSchema },
  about: { file: 'about.yaml', schema: aboutSchema },
  portfolio: { file: 'portfolio.yaml', schema: portfolioSchema },
  footer: { file: 'footer.yaml', schema: footerSchema },
} as const;

export type SiteContent = {
  [Name in keyof typeof contentFiles]: z.infer<(typeof contentFiles)[Name]['schema']>;
};

/**
 * A link as it is served: a version stored before links had to read back (or written to the database
 * by hand) is still answered as it was saved, never a 500. What comes in is checked by `linkSchema`.
 */
const storedLinkSchema = z.string().max(500).describe('An address as the owner saved it');

/** The sections as `/pages/{section}` answers them. */
export const sectionSchemas = {
  home: homeSchema,
  about: aboutSchema,
  portfolio: portfolioSchema.safeExtend({
    items: z.array(portfolioItemSchema.safeExtend({ url: storedLinkSchema.optional() })).max(200),
  }),
  footer: footerSchema.safeExtend({
    social_links: z.array(socialLinkSchema.safeExtend({ url: storedLinkSchema })).max(12),
  }),
} as const;
