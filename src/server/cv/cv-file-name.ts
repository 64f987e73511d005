import type { CvFormat } from '../../shared/cv.js';
import { HTML_LANG, LOCALES, type Locale } from '../../shared/locales.js';
import type { SiteContent } from '../../shared/schemas/content.js';

function joined(words: string): string {
  return words.trim().split(/\s+/).join('-').replace(/-{2,}/g, '-');
}

/** Latin letters without their marks ("Oʻ" -> "O"); undefined when other scripts remain. */
function asciiOnly(words: string): string | undefined {
  const plain = words
    .normalize('NFKD')
    .replace(/\p{M}|[ʻʼ'’‘]/gu, '')
    .replace(/[^\x20-\x7e]/g, '\u0000');
  if (plain.includes('\u0000')) return undefined;
  const cleaned = plain.replace(/[^A-Za-z0-9 .-]/g, ' ');
  return cleaned.trim() ? cleaned : undefined;
}

/**
 * The file name a recruiter keeps, from the owner's name in the CV's language:
 * `Dilnoza-Karimova-CV-en.pdf`. `ascii` is for clients that only read `filename` (a Cyrillic name
 * falls back to the name in Latin script); `unicode` is the name as written, for `filename*`.
 */
export function cvFileName(content: SiteContent, locale: Locale, format: CvFormat): { ascii: string; unicode: string } {
  const { first_name, last_name } = content.identity;
  const nameIn = (language: Locale) => `${first_name[language]} ${last_name[language]}`;
  const suffix = `CV-${HTML_LANG[locale].split('-')[0]}.${format}`;
  // Characters no file system takes, and control characters.
  const unicodeName = joined(nameIn(locale).replace(/[\\/:*?"<>|\p{Cc}]/gu, ' '));
  const asciiName = [locale, ...LOCALES.filter((other) => other !== locale)]
    .map((language) => asciiOnly(nameIn(language)))
    .find((name) => name !== undefined);
  return {
    ascii: asciiName ? `${joined(asciiName)}-${suffix}` : suffix,
    unicode: unicodeName ? `${unicodeName}-${suffix}` : suffix,
  };
}

/** RFC 6266 `attachment` with both names; `filename*` is RFC 8187 UTF-8, percent-encoded. */
export function attachmentDisposition({ ascii, unicode }: { ascii: string; unicode: string }): string {
  const encoded = encodeURIComponent(unicode).replace(
    /['()*]/g,
    (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
