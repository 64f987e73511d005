import { addDays, dayOf, isoWeek } from '../../shared/days.js';
import { HTML_LANG, type Locale } from '../../shared/locales.js';
import { OWNER_PATHS } from '../../shared/paths.js';
import type { Stats } from '../../shared/schemas/stats.js';
import { changePercent } from '../../shared/statistics.js';
import type { NotificationSettings } from '../config.js';
import type { Db } from '../db/database.js';
import { countMessagesReceived } from '../repositories/contact-repository.js';
import { enqueueNotification } from '../repositories/notification-repository.js';
import { claimSummaryWeek, weeklySummaryEnabled } from '../repositories/owner-settings-repository.js';
import { queryStats } from '../repositories/stats-repository.js';

/**
 * The weekly summary e-mail (issue 9): on Monday, last week's (Monday to Sunday, UTC days) unique
 * visitors and visits with their change against the week before, the top pages and the new
 * messages, in OWNER_LOCALE, queued in the outbox like any notification.
 */

/** Not before Monday 06:00 UTC (11:00 in Tashkent): Sunday's last visits are in, and it is morning. */
export const SUMMARY_FROM_HOUR_UTC = 6;
/** Until Tuesday's end, so a server that was down on Monday still sends it; later, the week is skipped. */
const SUMMARY_WINDOW_DAYS = 2;
const TOP_PAGES = 5;

export interface SummaryWeek {
  week: string;
  from: string;
  to: string;
}

/** The week whose summary is due at `now`, or undefined outside the sending window. */
export function dueSummaryWeek(now: Date): SummaryWeek | undefined {
  const today = dayOf(now);
  const { monday } = isoWeek(today);
  const opens = Date.parse(`${monday}T00:00:00Z`) + SUMMARY_FROM_HOUR_UTC * 3_600_000;
  const closes = Date.parse(`${addDays(monday, SUMMARY_WINDOW_DAYS)}T00:00:00Z`);
  if (now.getTime() < opens || now.getTime() >= closes) return undefined;
  const last = isoWeek(addDays(monday, -1));
  return { week: last.week, from: last.monday, to: last.sunday };
}

const TEXTS = {
  lotin: {
    subject: (visitors: string, change: string) => `Saytingiz oʻtgan hafta: ${visitors} tashrifchi${change}`,
    heading: (from: string, to: string) => `Saytingiz ${from} – ${to} (UTC kunlari):`,
    visitors: 'Noyob tashrifchilar',
    visits: 'Tashriflar',
    messages: 'Yangi xabarlar',
    change: (change: string) => ` (oldingi haftaga nisbatan ${change})`,
    noPrevious: ' (oldingi haftada yoʻq edi)',
    topPages: 'Eng koʻp koʻrilgan sahifalar (tashriflar):',
    notGiven: '(koʻrsatilmagan)',
    noVisits: 'Oʻtgan hafta tashrif boʻlmagan.',
    dashboard: (url: string) => `Statistika: ${url}`,
    footer:
      'Bu xat egasi boʻlimining sozlamalarida haftalik hisobot yoqilgani uchun keldi. Uni oʻsha yerda oʻchirish mumkin.',
  },
  russian: {
    subject: (visitors: string, change: string) => `Ваш сайт за прошлую неделю: посетителей — ${visitors}${change}`,
    heading: (from: string, to: string) => `Ваш сайт с ${from} по ${to} (дни по UTC):`,
    visitors: 'Уникальные посетители',
    visits: 'Визиты',
    messages: 'Новые сообщения',
    change: (change: string) => ` (${change} к позапрошлой неделе)`,
    noPrevious: ' (неделей раньше не было)',
    topPages: 'Популярные страницы (визиты):',
    notGiven: '(не указано)',
    noVisits: 'На прошлой неделе визитов не было.',
    dashboard: (url: string) => `Статистика: ${url}`,
    footer:
      'Это письмо приходит, потому что в настройках раздела владельца включена еженедельная сводка. Там же её можно выключить.',
  },
  english: {
    subject: (visitors: string, change: string) => `Your site last week: ${visitors} visitors${change}`,
    heading: (from: string, to: string) => `Your site from ${from} to ${to} (UTC days):`,
    visitors: 'Unique visitors',
    visits: 'Visits',
    messages: 'New messages',
    change: (change: string) => ` (${change} on the week before)`,
    noPrevious: ' (none the week before)',
    topPages: 'Top pages (visits):',
    notGiven: '(not given)',
    noVisits: 'No visits last week.',
    dashboard: (url: string) => `Statistics: ${url}`,
    footer: 'You get this because the weekly summary is on in the owner area’s settings. You can turn it off there.',
  },
} satisfies Record<Locale, unknown>;

/** "+12%", "−5%" (a real minus sign), "±0%"; undefined when there was nothing to compare with. */
function changeText(current: number, previous: number): string | undefined {
  const change = changePercent(current, previous);
  if (change === null) return undefined;
  return `${change > 0 ? '+' : change < 0 ? '−' : '±'}${Math.abs(change)}%`;
}

export interface SummaryContent {
  subject: string;
  /** Paragraphs separated by blank lines (the outbox makes them HTML paragraphs). */
  text: string;
}

/** The summary's subject and text, from the week's statistics and messages. */
export function summaryContent(
  stats: Pick<Stats, 'from' | 'to' | 'totals' | 'previous' | 'pages'>,
  messages: number,
  locale: Locale,
  publicUrl?: string,
): SummaryContent {
  const texts = TEXTS[locale];
  const number = new Intl.NumberFormat(HTML_LANG[locale]).format;
  const withChange = (current: number, previous: number) => {
    const change = changeText(current, previous);
    return `${number(current)}${change === undefined ? texts.noPrevious : texts.change(change)}`;
  };
  const { totals, previous } = stats;
  const visitorsChange = changeText(totals.visitors, previous.visitors);
  const pages = stats.pages
    .slice(0, TOP_PAGES)
    .map((page, index) => `${index + 1}. ${page.value ?? texts.notGiven} — ${number(page.visits)}`);
  const paragraphs = [
    texts.heading(stats.from, stats.to),
    [
      `${texts.visitors}: ${withChange(totals.visitors, previous.visitors)}`,
      `${texts.visits}: ${withChange(totals.visits, previous.visits)}`,
      `${texts.messages}: ${number(messages)}`,
    ].join('\n'),
    pages.length > 0 ? [texts.topPages, ...pages].join('\n') : texts.noVisits,
    ...(publicUrl ? [texts.dashboard(`${publicUrl}${OWNER_PATHS.stats}?range=7d`)] : []),
    `— ${texts.footer}`,
  ];
  return {
    subject: texts.subject(number(totals.visitors), visitorsChange === undefined ? '' : ` (${visitorsChange})`),
    text: paragraphs.join('\n\n'),
  };
}

export type SummaryOutcome = 'queued' | 'no_email' | 'off' | 'not_due' | 'already_queued';

export interface WeeklySummaryOptions {
  notifications: NotificationSettings;
  publicUrl?: string;
}

/**
 * Queues the week's summary when it is due, the owner asked for it and e-mail is set up. Safe to
 * call from every process at any time: the week is claimed in the transaction that queues the
 * e-mail, and a week already claimed queues nothing.
 */
export async function queueWeeklySummary(
  db: Db,
  { notifications, publicUrl }: WeeklySummaryOptions,
  now = new Date(),
): Promise<SummaryOutcome> {
  if (!notifications.email) return 'no_email';
  const due = dueSummaryWeek(now);
  if (!due) return 'not_due';
  if (!(await weeklySummaryEnabled(db))) return 'off';
  const [stats, messages] = await Promise.all([
    queryStats(db, { from: due.from, to: due.to }, now),
    countMessagesReceived(db, due.from, due.to),
  ]);
  const content = summaryContent(stats, messages, notifications.locale, publicUrl);
  return db.transaction().execute(async (transaction) => {
    if (!(await claimSummaryWeek(transaction, due.week, now))) return 'already_queued';
    await enqueueNotification(transaction, 'email', 'summary', content, now);
    return 'queued';
  });
}
