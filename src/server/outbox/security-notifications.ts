import type { Locale } from '../../shared/locales.js';
import { OWNER_PATHS } from '../../shared/paths.js';
import type { NotificationKind } from '../../shared/schemas/owner.js';
import { readResetRefusals } from '../auth/password-reset-refusals.js';
import type { Db } from '../db/database.js';
import type { NotificationJobTable } from '../db/schema.js';
import { fill, OWNER_TEXTS, type OwnerTexts } from '../i18n/owner-texts.js';
import { escapeHtml } from '../lib/escape-html.js';
import { createPasswordResetToken } from '../repositories/password-reset-repository.js';
import type { Notification } from './channel.js';

const SECURITY_KINDS = new Set<NotificationKind>([
  'password_reset',
  'new_sign_in',
  'failed_sign_ins',
  'password_reset_refused',
]);
/** Sources the summary of refused reset requests names; the rest are counted. */
const NAMED_SOURCES = 20;

export function isSecurityNotification(kind: NotificationKind): boolean {
  return SECURITY_KINDS.has(kind);
}

interface SecurityPayload {
  origin?: unknown;
  expiresAt?: unknown;
  device?: unknown;
  at?: unknown;
  count?: unknown;
  windowStart?: unknown;
  windowEnd?: unknown;
  links?: unknown;
}

/** `2026-11-23 20:15`, the way the texts say "(UTC)" after it. */
function utcTime(iso: string): string {
  return iso.slice(0, 16).replace('T', ' ');
}

function notification(id: string, subject: string, paragraphs: string[]): Notification {
  return {
    id,
    subject,
    text: paragraphs.join('\n\n'),
    html: `<!doctype html><html><body style="font-family:sans-serif;line-height:1.5">${paragraphs
      .map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`)
      .join('\n')}</body></html>`,
  };
}

/**
 * The summary of the reset requests refused past the site's ceiling in one hour, read when it is
 * sent (at the hour's end) from the counts password-reset-requests.ts kept: how many, and from where.
 */
async function refusedResetsNotification(
  db: Db,
  id: string,
  payload: SecurityPayload,
  texts: OwnerTexts,
  site: string,
): Promise<Notification | undefined> {
  const { windowStart, windowEnd, links } = payload;
  if (typeof windowStart !== 'string' || typeof windowEnd !== 'string') return undefined;
  const { total, sources } = await readResetRefusals(db, windowEnd);
  if (total === 0) return undefined;
  const named = sources.slice(0, NAMED_SOURCES).map(({ source, count }) => `${source} (${count})`);
  const others = total - sources.slice(0, NAMED_SOURCES).reduce((sum, { count }) => sum + count, 0);
  const refused = texts.password_reset_refused;
  const count = String(total);
  const list = [...named, ...(others > 0 ? [fill(refused.other_sources, { count: String(others) })] : [])];
  return notification(id, fill(refused.subject, { site, count }), [
    fill(refused.text, {
      site,
      count,
      links: String(links),
      since: utcTime(windowStart),
      until: utcTime(windowEnd),
    }),
    fill(refused.sources, { sources: list.join(', ') }),
    refused.advice,
  ]);
}

/**
 * The owner's sign-in notifications, in OWNER_LOCALE. A reset link's token is made here, when the
 * notification is sent, so the outbox never holds a usable link; an attempt after the link's 30
 * minutes sends nothing. Undefined for a payload that cannot be read.
 */
export async function securityNotification(
  db: Db,
  job: NotificationJobTable,
  locale: Locale,
  now = new Date(),
): Promise<Notification | undefined> {
  let payload: SecurityPayload;
  try {
    payload = JSON.parse(job.payload ?? 'null') ?? {};
  } catch {
    return undefined;
  }
  if (typeof payload.origin !== 'string') return undefined;
  const texts = OWNER_TEXTS[locale];
  const site = new URL(payload.origin).host;
  const settingsLink = `${payload.origin}${OWNER_PATHS.settings}`;
  if (job.kind === 'password_reset') {
    if (typeof payload.expiresAt !== 'string' || Date.parse(payload.expiresAt) <= now.getTime()) return undefined;
    const token = await createPasswordResetToken(db, new Date(payload.expiresAt), now);
    const link = `${payload.origin}${OWNER_PATHS.reset}#${token}`;
    const reset = texts.password_reset;
    return notification(job.id, fill(reset.subject, { site }), [
      fill(reset.text, { site, until: utcTime(payload.expiresAt) }),
      link,
      reset.ignore,
    ]);
  }
  if (job.kind === 'password_reset_refused') return refusedResetsNotification(db, job.id, payload, texts, site);
  if (typeof payload.at !== 'string') return undefined;
  const time = utcTime(payload.at);
  if (job.kind === 'new_sign_in') {
    const signIn = texts.new_sign_in;
    return notification(job.id, fill(signIn.subject, { site }), [
      fill(signIn.text, { site, device: String(payload.device || signIn.unknown_device), time }),
      fill(signIn.settings, { link: settingsLink }),
    ]);
  }
  const count = String(payload.count);
  const failures = texts.failed_sign_ins;
  return notification(job.id, fill(failures.subject, { site, count }), [
    fill(failures.text, { site, count, time }),
    fill(failures.settings, { link: settingsLink }),
  ]);
}
