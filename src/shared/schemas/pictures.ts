import { z } from 'zod';
import { successResponseSchema } from './api.js';
import { imagePathSchema } from './content.js';

/** The API of the content's pictures, for the owner's studio. */

const pictureSchema = z.object({
  /** The name content refers to the picture by, as under content/images/. */
  path: z.string(),
  contentType: z.enum(['image/jpeg', 'image/png', 'image/webp', 'image/avif', 'image/svg+xml']),
  /** Bytes as uploaded. */
  size: z.number().int(),
  /** Intrinsic size in pixels, orientation applied (an SVG's from its width/height or viewBox). */
  width: z.number().int(),
  height: z.number().int(),
  createdAt: z.string(),
  /** The published versions that name it, newest first. */
  versions: z.array(z.number().int()),
  /** Whether the version the site serves names it. */
  usedByPublished: z.boolean(),
  /** Whether the working draft names it. */
  usedByDraft: z.boolean(),
});

/** `DELETE /owner/content/pictures/<path>`: the path may hold folders (`portfolio/shop.webp`). */
export const picturePathParamsSchema = z.object({ '*': imagePathSchema });

export const pictureResponseSchema = successResponseSchema(pictureSchema);
export const picturesResponseSchema = successResponseSchema(z.array(pictureSchema));
export const pictureDeletedResponseSchema = successResponseSchema(z.object({ path: z.string() }));

const altTextSchema = z.string().max(2000);

/** The owner's word that a place's alt texts fit its new picture (picture-alt-review.ts). */
const altConfirmationSchema = z.object({
  /** `home`, or `portfolio:<project id>`. */
  place: z.string().regex(/^(?:home|portfolio:[^\s]{1,200})$/),
  picture: imagePathSchema,
  /** The alt texts as they were confirmed: one edited later asks again. */
  alts: z.object({
    lotin: altTextSchema.optional(),
    russian: altTextSchema.optional(),
    english: altTextSchema.optional(),
  }),
});

export const altConfirmationBodySchema = altConfirmationSchema;
export const altConfirmationsResponseSchema = successResponseSchema(z.array(altConfirmationSchema));
