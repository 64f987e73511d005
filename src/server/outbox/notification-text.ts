import type { Locale } from '../../shared/locales.js';
import type { OwnerMessage } from '../../shared/schemas/owner.js';
import { fill, OWNER_TEXTS } from '../i18n/owner-texts.js';
import { escapeHtml } from '../lib/escape-html.js';
import type { Notification } from './channel.js';

function paragraphs(lines: string[]): string {
  return lines.map((line) => `<p>${escapeHtml(line).replaceAll('\n', '<br>')}</p>`).join('\n');
}

/**
 * Control characters, bidirectional controls and line separators. The contact form refuses them in a
 * name, but a message stored before it did still has them; in the Subject, the Reply-To name or the
 * "X wrote:" line they would break the line or reverse what the owner reads ("Malika", U+202E,
 * "moc.elgoog" shows as "Malika google.com"), so each shows as U+FFFD, visibly replaced.
 */
const NOT_FOR_ONE_LINE = /[\p{Cc}\p{Bidi_Control}\u2028\u2029]/gu;

/** Visitor text made safe for a header or a line of its own. */
function oneLine(text: string): string {
  return text.replace(NOT_FOR_ONE_LINE, '\ufffd');
}

/** A visitor's message, in the owner's language (`noticeLocale`); the visitor's text is escaped in the HTML part. */
export function messageNotification(jobId: string, message: OwnerMessage, locale: Locale): Notification {
  const texts = OWNER_TEXTS[locale].message;
  const [name, email] = [oneLine(message.name), oneLine(message.email)];
  const wrote = fill(texts.wrote, { name, email });
  return {
    id: jobId,
    subject: fill(texts.subject, { name }),
    text: `${wrote}\n\n${message.message}\n\n— ${texts.reply}`,
    html: `<!doctype html><html><body style="font-family:sans-serif;line-height:1.5">${paragraphs([wrote])}<blockquote style="margin:0;padding-left:1em;border-left:3px solid #ccc">${paragraphs([message.message])}</blockquote><p style="color:#666">${escapeHtml(texts.reply)}</p></body></html>`,
    replyTo: { name, address: email },
  };
}

/** A message's first line in a digest: the reader opens the inbox for the rest. */
const FIRST_LINE_MAX = 120;

export interface DigestPeriod {
  /** ISO times: the period's start (the last digest's end, or when digests began) and end. */
  from: string;
  until: string;
  /** Messages not listed (the list stops at some), counted. */
  more: number;
}

/**
 * The digest of the new messages of a period: who wrote and the first line of each, made one line
 * each as in a single message's notification. Prepared when queued and sent as text; the outbox
 * escapes it for the HTML part (`preparedNotification`), so a visitor's `<b>` stays text.
 */
export function digestContent(
  messages: Pick<OwnerMessage, 'name' | 'email' | 'message'>[],
  period: DigestPeriod,
  locale: Locale,
  inboxUrl?: string,
): { subject: string; text: string } {
  const texts = OWNER_TEXTS[locale].digest;
  const count = String(messages.length + period.more);
  const time = (iso: string) => `${iso.slice(0, 16).replace('T', ' ')}`;
  const lines = messages.map((message) => {
    const first = oneLine(message.message.trim().split(/\r?\n/, 1)[0] ?? '');
    const line = first.length > FIRST_LINE_MAX ? `${first.slice(0, FIRST_LINE_MAX - 1)}…` : first;
    return fill(texts.line, { name: oneLine(message.name), email: oneLine(message.email), line });
  });
  const paragraphs = [
    fill(texts.heading, { count, from: time(period.from), until: time(period.until) }),
    [...lines, ...(period.more > 0 ? [fill(texts.more, { count: String(period.more) })] : [])].join('\n'),
    ...(inboxUrl ? [fill(texts.inbox, { url: inboxUrl })] : []),
    `— ${texts.footer}`,
  ];
  return { subject: fill(texts.subject, { count }), text: paragraphs.join('\n\n') };
}

export function testNotification(jobId: string, locale: Locale): Notification {
  const texts = OWNER_TEXTS[locale].test;
  return { id: jobId, subject: texts.subject, text: texts.text, html: paragraphs([texts.text]) };
}

/** A notification prepared by whoever queued it (the weekly summary, a digest): subject and text in the payload. */
export function preparedNotification(jobId: string, payload: string | null): Notification | undefined {
  try {
    const { subject, text } = JSON.parse(payload ?? 'null') as { subject?: unknown; text?: unknown };
    if (typeof subject !== 'string' || typeof text !== 'string') return undefined;
    return { id: jobId, subject, text, html: paragraphs(text.split('\n\n')) };
  } catch {
    return undefined;
  }
}
