import { createHash } from 'node:crypto';
import type { OverlayOptions } from 'sharp';
import type { Locale } from '../../shared/locales.js';
import { fullName } from '../../shared/owner-name.js';
import type { SiteContent } from '../../shared/schemas/content.js';
import { escapeHtml } from '../lib/escape-html.js';
import { loadSharp } from './load-sharp.js';

/** The size Facebook, Telegram, LinkedIn and X all show large (1.91:1). */
export const PREVIEW_WIDTH = 1200;
export const PREVIEW_HEIGHT = 630;
export const PREVIEW_TYPE = 'image/jpeg';

const PHOTO_WIDTH = 480;
const MARGIN = 64;
const TEXT_WIDTH = PREVIEW_WIDTH - PHOTO_WIDTH - 2 * MARGIN;
// The light theme's paper, ink and accent (src/web/styles/tokens.css).
const PAPER = '#f5f3ee';
const INK = '#15181d';
const MUTED = '#505866';
const ACCENT = '#0d6973';

/** One block of text, wrapped to the text column and cut at `maxHeight` so it always fits the card. */
async function textImage(
  text: string,
  font: string,
  color: string,
  maxHeight: number,
): Promise<{ input: Buffer; height: number }> {
  const sharp = await loadSharp();
  const rendered = await sharp({
    text: {
      // Pango markup is XML: the owner's text goes in escaped.
      text: `<span foreground="${color}">${escapeHtml(text)}</span>`,
      font,
      width: TEXT_WIDTH,
      wrap: 'word',
      rgba: true,
      dpi: 72,
    },
  })
    .png()
    .toBuffer();
  const { width = 1, height = 1 } = await sharp(rendered).metadata();
  if (height <= maxHeight) return { input: rendered, height };
  const input = await sharp(rendered).extract({ left: 0, top: 0, width, height: maxHeight }).png().toBuffer();
  return { input, height: maxHeight };
}

/** What a note's or a project's own card says: its title, and what it is ("Notes", "Portfolio"). */
export interface PreviewEntry {
  title: string;
  label: string;
}

/**
 * A version for the image's address, so shared-link caches fetch it again when the owner changes
 * it: made from their name and role, the entry's texts for an entry's card, and the photo's SHA-256
 * (the home photo, or the entry's cover; from the database).
 */
export function previewVersion(
  content: SiteContent,
  photoSha256: string | undefined,
  entry?: PreviewEntry | undefined,
): string {
  const hash = createHash('sha256').update(JSON.stringify(content.identity));
  if (entry) hash.update(JSON.stringify(entry));
  if (photoSha256) hash.update(photoSha256);
  return hash.digest('base64url').slice(0, 12);
}

/**
 * The picture shared links show: the owner's photo (as stored in the database) on the left, their
 * name and role on the right, in the page's language, 1200×630 JPEG. Text is set by sharp's Pango
 * with the system's sans-serif font (DejaVu Sans on Debian, which has Latin, Uzbek ʻ and Cyrillic).
 * Drawn in the picture process (picture-encoder.ts), never in the server.
 */
export async function renderPreviewImage(
  content: SiteContent,
  photo: { bytes: Buffer; contentType: string } | undefined,
  locale: Locale,
  entry?: PreviewEntry | undefined,
): Promise<Buffer> {
  const sharp = await loadSharp();
  const layers: OverlayOptions[] = [];
  if (photo) {
    const vector = photo.contentType === 'image/svg+xml';
    const drawn = await sharp(photo.bytes, vector ? { density: 288 } : {})
      .rotate()
      .resize(PHOTO_WIDTH, PREVIEW_HEIGHT, { fit: 'cover', position: 'attention' })
      .flatten({ background: PAPER })
      .toBuffer();
    layers.push({ input: drawn, left: 0, top: 0 });
  }
  // An entry's card: what it is, its title large, and whose it is; the site's: the name, role, place.
  const name = entry
    ? await textImage(entry.title, 'sans-serif Bold 54', INK, 300)
    : await textImage(fullName(content.identity, locale), 'sans-serif Bold 64', INK, 240);
  const role = entry
    ? await textImage(`${fullName(content.identity, locale)} · ${entry.label}`, 'sans-serif 30', MUTED, 80)
    : await textImage(content.identity.role[locale], 'sans-serif 34', MUTED, 130);
  const location = entry ? undefined : content.identity.location?.[locale];
  const where = location ? await textImage(location, 'sans-serif 26', MUTED, 36) : undefined;
  const gap = 28;
  const accentHeight = 8;
  const total = accentHeight + gap + name.height + gap + role.height + (where ? gap + where.height : 0);
  let top = Math.max(MARGIN, Math.round((PREVIEW_HEIGHT - total) / 2));
  const left = PHOTO_WIDTH + MARGIN;
  const accent = await sharp({
    create: { width: 96, height: accentHeight, channels: 3, background: ACCENT },
  })
    .png()
    .toBuffer();
  layers.push({ input: accent, left, top });
  top += accentHeight + gap;
  layers.push({ input: name.input, left, top });
  top += name.height + gap;
  layers.push({ input: role.input, left, top });
  top += role.height + gap;
  if (where) layers.push({ input: where.input, left, top });
  return sharp({ create: { width: PREVIEW_WIDTH, height: PREVIEW_HEIGHT, channels: 3, background: PAPER } })
    .composite(layers)
    .jpeg({ quality: 88, mozjpeg: true })
    .toBuffer();
}
