import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { imagePathSchema } from '../../../shared/schemas/content.js';
import {
  altConfirmationBodySchema,
  altConfirmationsResponseSchema,
  pictureDeletedResponseSchema,
  picturePathParamsSchema,
  pictureResponseSchema,
  picturesResponseSchema,
} from '../../../shared/schemas/pictures.js';
import type { Db } from '../../db/database.js';
import { AppError } from '../../errors.js';
import { checkPicture, PICTURE_MAX_BYTES, PictureError } from '../../pictures/picture-check.js';
import { type PictureUse, pictureUseDescription, pictureUses, UNUSED } from '../../pictures/picture-usage.js';
import { prepareVariants } from '../../pictures/picture-variants.js';
import {
  altConfirmations,
  confirmAlts,
  deletePicture,
  listPictures,
  type PictureSummary,
  pictureSummaryByPath,
  storePicture,
} from '../../repositories/picture-repository.js';
import { errorResponses, ok } from '../responses.js';
import { settingRoutes } from './setting-routes.js';

export interface PictureRoutesOptions {
  db: Db;
  /** Where this machine keeps the variants it makes (an upload's are made at once, in the background). */
  cacheDir: string;
}

type ContentType = 'image/jpeg' | 'image/png' | 'image/webp' | 'image/avif' | 'image/svg+xml';

const answer = (picture: PictureSummary, use: PictureUse = UNUSED) => ({
  path: picture.path,
  contentType: picture.contentType as ContentType,
  size: picture.size,
  width: picture.width,
  height: picture.height,
  createdAt: picture.createdAt,
  ...use,
});

/** Reads the one picture of an upload form: the `file` part, and the `path` field naming it. */
async function readUpload(request: FastifyRequest): Promise<{ path: string; bytes: Buffer }> {
  if (!request.isMultipart()) {
    throw new AppError(415, 'unsupported_media_type', 'Send the picture as multipart/form-data with a file field');
  }
  let bytes: Buffer | undefined;
  let fileName: string | undefined;
  let path: string | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (bytes !== undefined || part.fieldname !== 'file') {
          await part.toBuffer();
          throw new AppError(400, 'bad_request', 'Send one picture, in the field named file');
        }
        fileName = part.filename;
        bytes = await part.toBuffer();
      } else if (part.fieldname === 'path' && typeof part.value === 'string') {
        path = part.value.trim();
      }
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as { code?: unknown }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError(413, 'picture_too_large', `A picture may be at most ${PICTURE_MAX_BYTES / 1024 / 1024} MB`);
    }
    if (code === 'FST_PARTS_LIMIT' || code === 'FST_FILES_LIMIT' || code === 'FST_FIELDS_LIMIT') {
      throw new AppError(413, 'payload_too_large', 'Send one picture and its path only');
    }
    throw new AppError(400, 'bad_request', 'The form could not be read');
  }
  if (bytes === undefined) throw new AppError(400, 'picture_missing', 'Send the picture in a file field named file');
  const picturePath = path || fileName || '';
  if (!imagePathSchema.safeParse(picturePath).success) {
    throw new AppError(
      400,
      'validation_failed',
      'The picture needs a path such as portfolio/shop.webp (svg, png, jpg, webp or avif)',
      [{ field: 'path', code: 'invalid_format' }],
    );
  }
  return { path: picturePath, bytes };
}

/**
 * The content's pictures, inside the owner scope (401 without a session, 403 from another site):
 * upload (checked as start-up checks the content folder's: decoded by sharp within the pixel limit,
 * an SVG refused with what could run in it named), list with who uses each, and delete one no
 * version and not the draft names.
 */
export const pictureRoutes: FastifyPluginAsync<PictureRoutesOptions> = async (app, { db, cacheDir }) => {
  // Only these routes read multipart bodies; every other route stays JSON only.
  await app.register(fastifyMultipart, {
    limits: { fileSize: PICTURE_MAX_BYTES, files: 1, fields: 4, fieldSize: 1024, parts: 6, headerPairs: 50 },
  });
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get('/owner/content/pictures', {
    schema: {
      tags: ['content'],
      summary: 'Every picture, with the versions that use it and whether the published version or the draft does',
      response: { 200: picturesResponseSchema },
    },
    handler: async () => {
      const [pictures, uses] = await Promise.all([listPictures(db), pictureUses(db)]);
      return ok(pictures.map((picture) => answer(picture, uses.get(picture.path))));
    },
  });

  api.post('/owner/content/pictures', {
    schema: {
      tags: ['content'],
      summary: 'Upload a picture',
      description: `multipart/form-data with a \`file\` (JPEG, PNG, WebP, AVIF or SVG, at most ${PICTURE_MAX_BYTES / 1024 / 1024} MB) and an optional \`path\` to name it by (default: the file's name), such as \`portfolio/shop.webp\`. A raster picture is decoded before it is accepted, within a pixel limit; an SVG is read as XML and refused when it holds anything outside an allow-list of SVG elements and attributes (DOMPurify's SVG profile) or anything that could load from elsewhere (an outside address, url() other than #id, a DOCTYPE); its 422 lists what was found in \`errors[].field\` (<script>, <rect> onclick). The same bytes again under the same path are accepted; other bytes under a path in use are refused (409).`,
      consumes: ['multipart/form-data'],
      response: {
        200: pictureResponseSchema,
        201: pictureResponseSchema,
        ...errorResponses(409, 413, 415, 422),
      },
    },
    handler: async (request, reply) => {
      const { path, bytes } = await readUpload(request);
      let checked: Awaited<ReturnType<typeof checkPicture>>;
      try {
        checked = await checkPicture(path, bytes);
      } catch (error) {
        if (error instanceof PictureError) {
          const found = error.found.map((thing) => ({ field: thing, code: 'invalid' as const }));
          throw new AppError(error.statusCode, error.code, error.message, found.length > 0 ? found : undefined);
        }
        throw error;
      }
      const existing = await pictureSummaryByPath(db, path);
      if (existing && existing.sha256 !== checked.sha256) {
        throw new AppError(409, 'picture_exists', `Another picture is already named ${path}: choose another name`);
      }
      const { picture } = await storePicture(db, { path, bytes, ...checked });
      // Made now rather than on a visitor's first request; the answer does not wait for them.
      void prepareVariants(db, cacheDir, picture).catch((error: unknown) =>
        request.log.warn({ err: error, path }, 'could not make the picture’s variants ahead'),
      );
      const uses = await pictureUses(db);
      return reply
        .code(existing ? 200 : 201)
        .send(ok(answer(picture, uses.get(path)), existing ? 'Already there' : 'Uploaded'));
    },
  });

  settingRoutes(app, {
    path: '/owner/content/alt-confirmations',
    response: altConfirmationsResponseSchema,
    current: () => altConfirmations(db),
    get: {
      tags: ['content'],
      summary: "The owner's confirmations that a replaced picture's alt texts still fit it",
    },
    put: {
      tags: ['content'],
      summary: "Confirm that a place's alt texts fit its new picture",
      description:
        'Where the draft shows another picture than the published version (the home photo, a project by its id), an alt text still the published one refuses publishing (422 needs_review) until it is rewritten or confirmed here, as it is: an alt text edited after its confirmation asks again. One confirmation per place, the newest kept.',
      body: altConfirmationBodySchema,
      save: (confirmation) => confirmAlts(db, confirmation),
      message: 'Confirmed',
    },
  });

  api.delete('/owner/content/pictures/*', {
    schema: {
      tags: ['content'],
      summary: 'Delete a picture no version and not the draft uses',
      description:
        'Refused with 409 picture_in_use naming where it is used: "used by the draft: Portfolio › Harbour app", "used by published version 3", "used by versions 2, 1 (in the history)".',
      params: picturePathParamsSchema,
      response: { 200: pictureDeletedResponseSchema, ...errorResponses(404, 409) },
    },
    handler: async (request) => {
      const path = request.params['*'];
      if (!(await pictureSummaryByPath(db, path))) throw new AppError(404, 'not_found', `There is no picture ${path}`);
      const use = await pictureUseDescription(db, path);
      if (use) throw new AppError(409, 'picture_in_use', `${path} is ${use}: it can be deleted once nothing uses it`);
      await deletePicture(db, path);
      return ok({ path }, 'Deleted');
    },
  });
};
