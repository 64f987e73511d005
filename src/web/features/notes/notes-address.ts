import { APP_PATHS } from '../../../shared/paths.js';

/** `/notes`, `/notes?tag=…`, `/notes?page=2`: the list's own address for a tag and a page. */
export function notesAddress({ tag, page }: { tag?: string | undefined; page?: number | undefined }): string {
  const query = new URLSearchParams();
  if (tag !== undefined) query.set('tag', tag);
  if (page !== undefined && page > 1) query.set('page', String(page));
  return query.size > 0 ? `${APP_PATHS.notes}?${query}` : APP_PATHS.notes;
}
