import { detectDevice } from '../../../shared/device.js';
import type { Locale } from '../../../shared/locales.js';
import type { VisitBody } from '../../../shared/schemas/visitor.js';
import type { Theme } from '../../../shared/theme.js';
import { setVisitorKey } from '../../shared/api/api-client.js';
import { checkVisitor, createVisitor, recordVisit } from '../../shared/api/endpoints.js';
import { readSetting, writeSetting } from '../../shared/lib/settings-store.js';
import { landingCampaign } from './landing-campaign.js';

/**
 * Spec §7: once a visitor key is stored, every request carries it. Resolves with the stored key once
 * IndexedDB answers, however late (some browsers never answer), and rejects when it fails.
 */
export async function loadVisitorKey(): Promise<string | undefined> {
  const stored = await readSetting('visitorKey');
  if (typeof stored !== 'string' || !stored) return undefined;
  setVisitorKey(stored);
  return stored;
}

/**
 * Spec §4 "Visitor": check the stored visitor; a new one is created and its token stored as
 * `visitorKey`, otherwise a visit is recorded. Statistics never hold up the page, so this waits for
 * the stored key however long the read takes: a visitor is new only when the store answered without
 * a key. A store that fails or never answers records nothing, as a new visitor on every page would
 * count one person many times. Failures are swallowed: statistics never break a page.
 */
export async function startVisitor(storedKey: Promise<string | undefined>, details: { locale: Locale; theme: Theme }) {
  const device = detectDevice(navigator.userAgent);
  // The page, language, theme and referrer of this visit: the visit body, or the create call's query
  // for a new visitor's first visit.
  // This runs once per page load, so the query read here is the visit's landing address: its
  // campaign is kept for that first page only, as in Plausible.
  const visit: NonNullable<VisitBody> = {
    path: location.pathname.slice(0, 300),
    ...details,
    ...landingCampaign(location.search),
  };
  if (/^https?:\/\//.test(document.referrer)) visit.referrer = document.referrer.slice(0, 500);
  try {
    // Rejects when the store fails: then nothing is recorded either.
    await storedKey;
    const { new: isNew } = await checkVisitor();
    if (isNew) {
      const { token } = await createVisitor(device, visit);
      await writeSetting('visitorKey', token);
      setVisitorKey(token);
      return;
    }
    await recordVisit(device, visit);
  } catch (error) {
    console.warn('Visitor statistics are unavailable:', error instanceof Error ? error.message : error);
  }
}
