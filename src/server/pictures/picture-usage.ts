import { altReviews } from '../../shared/picture-alt-review.js';
import type { FieldError } from '../../shared/schemas/api.js';
import type { SiteContent } from '../../shared/schemas/content.js';
import type { Db } from '../db/database.js';
import { AppError } from '../errors.js';
import { contentDraft, latestContentVersion, latestContentVersionNumber } from '../repositories/content-repository.js';
import { altConfirmations } from '../repositories/picture-repository.js';

/** Which versions and whether the draft name a picture. */
export interface PictureUse {
  versions: number[];
  usedByPublished: boolean;
  usedByDraft: boolean;
}

const object = (value: unknown) =>
  typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};

/**
 * Where a content names `picture`, in words the owner finds in the studio ("Home › Photo",
 * "Portfolio › Harbour app": a project by its English title, else its id), for messages in English.
 */
function placesOf(content: unknown, picture: string): string[] {
  const places: string[] = [];
  if (object(object(content).home).photo === picture) places.push('Home › Photo');
  const items = object(object(content).portfolio).items;
  if (Array.isArray(items)) {
    items.forEach((item, index) => {
      if (object(item).image !== picture) return;
      const title = object(object(item).title).english;
      const id = object(item).id;
      const name =
        typeof title === 'string' && title.trim() ? title : typeof id === 'string' && id ? id : `${index + 1}`;
      places.push(`Portfolio › ${name}`);
    });
  }
  return places;
}

/**
 * Why a picture may not be deleted, in English for the API's message: "used by the draft: Home ›
 * Photo; used by published version 3; used by versions 2, 1 (in the history)"; undefined when unused.
 */
export async function pictureUseDescription(db: Db, picture: string): Promise<string | undefined> {
  const use = (await pictureUses(db)).get(picture);
  if (!use || (!use.usedByDraft && use.versions.length === 0)) return undefined;
  const parts: string[] = [];
  if (use.usedByDraft) {
    const draft = await contentDraft(db);
    const places = placesOf(draft?.content, picture);
    parts.push(places.length > 0 ? `used by the draft: ${places.join(', ')}` : 'used by the draft');
  }
  const older = use.versions.filter((version) => !use.usedByPublished || version !== use.versions[0]);
  if (use.usedByPublished) parts.push(`used by published version ${use.versions[0]}`);
  if (older.length > 0)
    parts.push(`used by version${older.length > 1 ? 's' : ''} ${older.join(', ')} (in the history)`);
  return parts.join('; ');
}

/**
 * The picture paths a content names: the home photo and every portfolio item's picture. It reads
 * defensively, since a draft may be incomplete or invalid.
 */
export function picturesNamedBy(content: unknown): string[] {
  const named: string[] = [];
  const photo = object(object(content).home).photo;
  if (typeof photo === 'string') named.push(photo);
  const items = object(object(content).portfolio).items;
  if (Array.isArray(items)) {
    for (const item of items) {
      const image = object(item).image;
      if (typeof image === 'string') named.push(image);
    }
  }
  return [...new Set(named)];
}

/**
 * For each picture path any version or the draft names, who names it. Versions are read whole: the
 * owner's list of pictures is rare, and a version is about 45 KB.
 */
export async function pictureUses(db: Db): Promise<Map<string, PictureUse>> {
  const uses = new Map<string, PictureUse>();
  const use = (path: string) => {
    let found = uses.get(path);
    if (!found) {
      found = { versions: [], usedByPublished: false, usedByDraft: false };
      uses.set(path, found);
    }
    return found;
  };
  const [latest, draft, versions] = await Promise.all([
    latestContentVersionNumber(db),
    contentDraft(db),
    db.selectFrom('content_versions').select(['number', 'content']).orderBy('number', 'desc').execute(),
  ]);
  for (const version of versions) {
    const number = Number(version.number);
    for (const path of picturesNamedBy(JSON.parse(version.content))) {
      const found = use(path);
      found.versions.push(number);
      if (number === latest) found.usedByPublished = true;
    }
  }
  if (draft) for (const path of picturesNamedBy(draft.content)) use(path).usedByDraft = true;
  return uses;
}

export const UNUSED: PictureUse = Object.freeze({ versions: [], usedByPublished: false, usedByDraft: false });

/**
 * Refuses to publish `content` while a replaced picture's alt texts are still the old picture's and
 * not confirmed (picture-alt-review.ts): a 422 naming each alt text, as other problems are named.
 */
export async function refuseUnreviewedAlts(db: Db, content: SiteContent): Promise<void> {
  const [published, confirmations] = await Promise.all([latestContentVersion(db), altConfirmations(db)]);
  const errors: FieldError[] = altReviews(content, published?.content, confirmations).flatMap((review) =>
    review.languages.map((language) => ({ field: `${review.altField}.${language}`, code: 'needs_review' as const })),
  );
  if (errors.length > 0) {
    throw new AppError(
      422,
      'validation_failed',
      `The draft has ${errors.length} problem(s): a replaced picture's descriptions were written for the old one`,
      errors,
    );
  }
}
