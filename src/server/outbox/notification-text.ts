import type { Locale } from '../../shared/locales.js';
import type { OwnerMessage } from '../../shared/schemas/owner.js';
import { fill, OWNER_TEXTS } from '../i18n/owner-texts.js';
import { escapeHtml } from '../lib/escape-html.js';
import type { Notification } from './channel.js';

function paragraphs(lines: string[]): string {
  return lines.map((line) => `<p>${escapeHtml(line).replaceAll('\n', '<br>')}</p>`).join('\n');
}

/** A visitor's message, in the language OWNER_LOCALE names; the visitor's text is escaped in the HTML part. */
export function messageNotification(jobId: string, message: OwnerMessage, locale: Locale): Notification {
  const texts = OWNER_TEXTS[locale].message;
  const wrote = fill(texts.wrote, { name: message.name, email: message.email });
  return {
    id: jobId,
    subject: fill(texts.subject, { name: message.name }),
    text: `${wrote}\n\n${message.message}\n\n— ${texts.reply}`,
    html: `<!doctype html><html><body style="font-family:sans-serif;line-height:1.5">${paragraphs([wrote])}<blockquote style="margin:0;padding-left:1em;border-left:3px solid #ccc">${paragraphs([message.message])}</blockquote><p style="color:#666">${escapeHtml(texts.reply)}</p></body></html>`,
    replyTo: { name: message.name, address: message.email },
  };
}

export function testNotification(jobId: string, locale: Locale): Notification {
  const texts = OWNER_TEXTS[locale].test;
  return { id: jobId, subject: texts.subject, text: texts.text, html: paragraphs([texts.text]) };
}

/** A notification prepared by whoever queued it (the weekly summary): subject and text in the payload. */
export function preparedNotification(jobId: string, payload: string | null): Notification | undefined {
  try {
    const { subject, text } = JSON.parse(payload ?? 'null') as { subject?: unknown; text?: unknown };
    if (typeof subject !== 'string' || typeof text !== 'string') return undefined;
    return { id: jobId, subject, text, html: paragraphs(text.split('\n\n')) };
  } catch {
    return undefined;
  }
}
