import type { Db } from '../db/database.js';
import { contentDraft, latestContentVersionNumber } from '../repositories/content-repository.js';

/** Which versions and whether the draft name a picture. */
export interface PictureUse {
  versions: number[];
  usedByPublished: boolean;
  usedByDraft: boolean;
}

/**
 * The picture paths a content names: the home photo and every portfolio item's picture. It reads
 * defensively, since a draft may be incomplete or invalid.
 */
export function picturesNamedBy(content: unknown): string[] {
  const named: string[] = [];
  const object = (value: unknown) =>
    typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
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
