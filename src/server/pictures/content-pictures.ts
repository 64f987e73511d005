import type { EntryContent, RenderedEntry } from '../../shared/schemas/collections.js';
import type { SiteContent } from '../../shared/schemas/content.js';

/** The pictures a version names, as paths under `images/`. */
export function picturesOf(content: SiteContent): string[] {
  return [...new Set([content.home.photo, ...content.portfolio.items.map((item) => item.image)])];
}

/** A content picture in a rendered body: the Markdown pipeline writes them as `/media/<path>`. */
const BODY_PICTURE = /\bsrc="\/media\/([^"?#]+)/g;

/** The pictures an entry shows: its cover, its gallery and those in its bodies. */
export function entryPicturesOf(entry: { content: EntryContent; rendered: RenderedEntry }): string[] {
  const paths: string[] = [];
  if (entry.content.cover !== undefined) paths.push(entry.content.cover);
  if ('gallery' in entry.content) paths.push(...entry.content.gallery.map((item) => item.image));
  for (const rendered of Object.values(entry.rendered)) {
    for (const [, path] of rendered?.html.matchAll(BODY_PICTURE) ?? []) if (path) paths.push(decodeURI(path));
  }
  return [...new Set(paths)];
}

/** What visitors may get of a served snapshot: the version's pictures and its visible entries'. */
export function servedPicturesOf(snapshot: {
  readonly content: SiteContent;
  readonly entries?: { readonly visible: readonly { content: EntryContent; rendered: RenderedEntry }[] };
}): string[] {
  return [...new Set([...picturesOf(snapshot.content), ...(snapshot.entries?.visible ?? []).flatMap(entryPicturesOf)])];
}
