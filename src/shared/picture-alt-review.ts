import { LOCALES, type Locale } from './locales.js';

/**
 * A replaced picture asks for its new description (issue 25): where the draft shows another picture
 * than the published version in the same place (the home photo, a project by its id), an alt text
 * still word for word the published one was written for the old picture. It must be rewritten, or
 * the owner confirms it still fits; until then publishing is refused, naming the alt text. Shared by
 * the server (which refuses) and the studio (which asks), so both read the draft alike.
 */

/** The owner's word that a place's alt texts fit its new picture, as they were when given. */
export interface AltConfirmation {
  /** `home`, or `portfolio:<project id>`. */
  place: string;
  picture: string;
  alts: Partial<Record<Locale, string>>;
}

interface AltReview {
  place: string;
  /** The alt texts' field, as publishing names problems: `home.photo_alt`, `portfolio.items.2.image_alt`. */
  altField: string;
  /** The picture the draft shows there, and the published one it replaced. */
  picture: string;
  replaced: string;
  /** The draft's alt texts there. */
  alts: Partial<Record<Locale, string>>;
  /** The languages whose alt text is still the replaced picture's, and not confirmed. */
  languages: Locale[];
}

const object = (value: unknown) =>
  typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};

function altsOf(value: unknown): Partial<Record<Locale, string>> {
  const alts: Partial<Record<Locale, string>> = {};
  for (const locale of LOCALES) {
    const text = object(value)[locale];
    if (typeof text === 'string') alts[locale] = text;
  }
  return alts;
}

interface Place {
  place: string;
  altField: string;
  picture: unknown;
  alts: Partial<Record<Locale, string>>;
}

/** The places of a content that show a picture with alt texts. */
function placesOf(content: unknown): Place[] {
  const home = object(object(content).home);
  const places: Place[] = [
    { place: 'home', altField: 'home.photo_alt', picture: home.photo, alts: altsOf(home.photo_alt) },
  ];
  const items = object(object(content).portfolio).items;
  if (Array.isArray(items)) {
    items.forEach((item, index) => {
      const id = object(item).id;
      if (typeof id !== 'string' || id === '') return;
      places.push({
        place: `portfolio:${id}`,
        altField: `portfolio.items.${index}.image_alt`,
        picture: object(item).image,
        alts: altsOf(object(item).image_alt),
      });
    });
  }
  return places;
}

/** Every place of the draft whose picture was replaced and whose alt texts still need the owner's look. */
export function altReviews(
  draft: unknown,
  published: unknown,
  confirmations: readonly AltConfirmation[] = [],
): AltReview[] {
  if (published === undefined || published === null) return [];
  const before = new Map(placesOf(published).map((place) => [place.place, place]));
  const reviews: AltReview[] = [];
  for (const now of placesOf(draft)) {
    const old = before.get(now.place);
    if (!old || typeof now.picture !== 'string' || typeof old.picture !== 'string') continue;
    if (now.picture === '' || now.picture === old.picture) continue;
    const confirmed = confirmations.find(
      (confirmation) => confirmation.place === now.place && confirmation.picture === now.picture,
    );
    const languages = LOCALES.filter((locale) => {
      const text = now.alts[locale] ?? '';
      // An empty alt text is already a problem of its own ("required").
      if (text.trim() === '' || text !== old.alts[locale]) return false;
      return confirmed?.alts[locale] !== text;
    });
    if (languages.length === 0) continue;
    reviews.push({
      place: now.place,
      altField: now.altField,
      picture: now.picture,
      replaced: old.picture,
      alts: now.alts,
      languages,
    });
  }
  return reviews;
}
