import type { Locale } from '../../shared/locales.js';
import type { OwnerMessage } from '../../shared/schemas/owner.js';
import { escapeHtml } from '../lib/escape-html.js';
import type { Notification } from './channel.js';

/** What the owner reads in e-mails and Telegram, in the language OWNER_LOCALE names. */
const TEXTS = {
  lotin: {
    subject: (name: string) => `Saytdan yangi xabar: ${name}`,
    wrote: (name: string, email: string) => `${name} <${email}> yozdi:`,
    reply: 'Javob berish uchun shu xatga javob yozing.',
    testSubject: 'Sahifa: sinov xabarnomasi',
    test: 'Bu saytingizdan sinov xabarnomasi. Uni oʻqiyotgan boʻlsangiz, xabarnomalar ishlayapti.',
  },
  russian: {
    subject: (name: string) => `Новое сообщение с сайта: ${name}`,
    wrote: (name: string, email: string) => `${name} <${email}> пишет:`,
    reply: 'Чтобы ответить, просто ответьте на это письмо.',
    testSubject: 'Sahifa: тестовое уведомление',
    test: 'Это тестовое уведомление с вашего сайта. Если вы его читаете, уведомления работают.',
  },
  english: {
    subject: (name: string) => `New message from your site: ${name}`,
    wrote: (name: string, email: string) => `${name} <${email}> wrote:`,
    reply: 'Reply to this e-mail to answer them.',
    testSubject: 'Sahifa: test notification',
    test: 'This is a test notification from your site. If you are reading it, notifications work.',
  },
} satisfies Record<Locale, unknown>;

function paragraphs(lines: string[]): string {
  return lines.map((line) => `<p>${escapeHtml(line).replaceAll('\n', '<br>')}</p>`).join('\n');
}

export function messageNotification(jobId: string, message: OwnerMessage, locale: Locale): Notification {
  const texts = TEXTS[locale];
  const wrote = texts.wrote(message.name, message.email);
  return {
    id: jobId,
    subject: texts.subject(message.name),
    text: `${wrote}\n\n${message.message}\n\n— ${texts.reply}`,
    html: `<!doctype html><html><body style="font-family:sans-serif;line-height:1.5">${paragraphs([wrote])}<blockquote style="margin:0;padding-left:1em;border-left:3px solid #ccc">${paragraphs([message.message])}</blockquote><p style="color:#666">${escapeHtml(texts.reply)}</p></body></html>`,
    replyTo: { name: message.name, address: message.email },
  };
}

export function testNotification(jobId: string, locale: Locale): Notification {
  const texts = TEXTS[locale];
  return { id: jobId, subject: texts.testSubject, text: texts.test, html: paragraphs([texts.test]) };
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
