import { AppError } from '../../errors.js';
import type { StoredDraft } from '../../repositories/version-store.js';

/**
 * What the site's content (`content.ts`) and the collections' entries (`entries.ts`) answer alike
 * about their drafts and versions, as their repositories share `version-store.ts`.
 */

/**
 * A draft may grow well past the API's usual 32 KiB: the whole content as JSON is about 45 KB, and an
 * entry's body may be 100,000 characters in each language.
 */
export const DRAFT_BODY_LIMIT = 1024 * 1024;

/** The OpenAPI description of saving a draft, the same for the content's and an entry's. */
export const DRAFT_SAVE_DESCRIPTION =
  'A draft may be incomplete or invalid. A save from an older revision is refused with 409 and the current draft.';

/** The draft the studio opens: the saved one, or the published version to start from (never saved, so no `updatedAt`). */
export type OpenedDraft = Omit<StoredDraft, 'updatedAt'> & { updatedAt: string | null };

/** The 409 answer to a save from an older revision, with the draft as it is now. */
export function draftConflict(draft: OpenedDraft) {
  return {
    success: false as const,
    code: 'draft_conflict' as const,
    message: 'The draft was saved elsewhere since this one was opened',
    draft,
  };
}

/** Publishing with no draft saved. */
export const noDraftToPublish = () => new AppError(409, 'bad_request', 'There is no draft to publish');

/** A version that does not exist (or, for an entry, is another entry's). */
export const noSuchVersion = (number: number) => new AppError(404, 'not_found', `There is no version ${number}`);

/** The note a restore is published with when the owner gives none. */
export const restoreNote = (note: string | undefined, number: number) => note ?? `restored version ${number}`;
