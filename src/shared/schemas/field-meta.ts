import { z } from 'zod';

/**
 * What a content field is to the studio that edits it, kept on the field's own schema: its label, its
 * hint, what its list calls one item, and how it is drawn where its type alone does not say (a text
 * that names a picture, an HTML text). The studio draws every form from this and the schema's public
 * shape (src/web/features/owner/site/form-model.ts), so a new kind of entry needs no studio code.
 *
 * It lives in a registry of its own rather than zod's global one: the global one feeds the content
 * JSON Schema (content/schema/*.json), which says what a file holds, not how the studio shows it.
 */

/** A field's name in the studio: a key of `fields` in src/web/i18n/studio-locales/*.json. */
export type FieldLabel =
  | 'first_name'
  | 'last_name'
  | 'role'
  | 'location'
  | 'email'
  | 'phone'
  | 'greeting'
  | 'intro'
  | 'photo'
  | 'photo_alt'
  | 'highlights'
  | 'value'
  | 'label'
  | 'custom_text'
  | 'experience'
  | 'period'
  | 'from'
  | 'to'
  | 'title'
  | 'place'
  | 'description'
  | 'education'
  | 'interests'
  | 'icon'
  | 'services'
  | 'skills'
  | 'design'
  | 'name'
  | 'level'
  | 'languages'
  | 'coding'
  | 'knowledge'
  | 'groups'
  | 'id'
  | 'items'
  | 'group'
  | 'summary'
  | 'image'
  | 'image_alt'
  | 'year'
  | 'tags'
  | 'url'
  | 'social_links';

/** What a field wants, in words under its label: a key of `field_hints` in the studio's texts. */
export type FieldHint =
  | 'photo'
  | 'photo_alt'
  | 'from'
  | 'to'
  | 'level'
  | 'id'
  | 'group'
  | 'image'
  | 'image_alt'
  | 'url'
  | 'social_url'
  | 'tags';

/** What a list calls one of its items ("Job", "Tag"): a key of `item_names` in the studio's texts. */
export type ItemName =
  | 'highlights'
  | 'experience'
  | 'education'
  | 'interests'
  | 'services'
  | 'design'
  | 'languages'
  | 'coding'
  | 'knowledge'
  | 'groups'
  | 'items'
  | 'tags'
  | 'social_links';

export interface FieldMeta {
  label?: FieldLabel;
  hint?: FieldHint;
  /** A list's name for one of its items. */
  itemName?: ItemName;
  /** A text edited with its own control: a picture from the library, or an icon from the social icons. */
  kind?: 'picture' | 'social-icon';
  /** A long text, edited in a text area. */
  multiline?: boolean;
  /** How many lines a text area shows before it scrolls: a paragraph wants fewer than a story (5). */
  lines?: number;
  /** HTML, edited with the formatting toolbar. */
  html?: boolean;
}

/**
 * The studio's metadata of the content schemas. A schema's copies made by zod's methods (`.max()`,
 * `.describe()`, `.clone()`) inherit what their original has here, and add their own.
 */
export const fieldMeta = z.registry<FieldMeta>();

/**
 * A field of a content object: a copy of `schema` with the studio's metadata (`label` at the least),
 * so one schema (a translated text) serves many fields, each with its own label. Validates as `schema`.
 */
export function field<Schema extends z.ZodType>(schema: Schema, meta: FieldMeta & { label: FieldLabel }): Schema {
  const copy = schema.clone();
  fieldMeta.add(copy, meta);
  return copy;
}
