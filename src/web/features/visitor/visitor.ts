import { detectDevice } from '../../../shared/device.js';
import { GOAL_BEACON_PATH, MAX_GOAL_LINK_LENGTH } from '../../../shared/goals.js';
import { HTML_LANG, LOCALES, type Locale } from '../../../shared/locales.js';
import type { VisitBody } from '../../../shared/schemas/visitor.js';
import type { Theme } from '../../../shared/theme.js';
import { currentVisitorKey, setVisitorKey } from '../../shared/api/api-client.js';
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

/**
 * Goals (docs/decisions/041-goals.md): a click on a link to another site (the owner's social links, a
 * project's links) is sent with navigator.sendBeacon, once per page load (a visit) and link; the
 * server counts it only for a link the site shows. A blocked or missing beacon changes nothing.
 */
export function countOutboundClicks(): void {
  const sent = new Set<string>();
  const onClick = (event: MouseEvent) => {
    const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
    const key = currentVisitorKey();
    if (!(link instanceof HTMLAnchorElement) || !key || !/^(https?|mailto):$/.test(link.protocol)) return;
    const { href } = link;
    if (link.origin === location.origin || href.length > MAX_GOAL_LINK_LENGTH || sent.has(href)) return;
    sent.add(href);
    const locale = LOCALES.find((candidate) => HTML_LANG[candidate] === document.documentElement.lang);
    const body = JSON.stringify({ key, link: href, page: location.pathname.slice(0, 300), locale });
    try {
      navigator.sendBeacon(GOAL_BEACON_PATH, new Blob([body], { type: 'application/json' }));
    } catch {
      // Statistics never break a page.
    }
  };
  // Capturing, so a link whose own handler stops the event is still seen; auxclick: a middle click.
  document.addEventListener('click', onClick, true);
  document.addEventListener('auxclick', onClick, true);
}
