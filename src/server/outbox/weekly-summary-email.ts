import { addDays, dayOf, isoWeek } from '../../shared/days.js';
import { HTML_LANG, type Locale } from '../../shared/locales.js';
import { OWNER_PATHS } from '../../shared/paths.js';
import type { Stats } from '../../shared/schemas/stats.js';
import { changePercent } from '../../shared/statistics.js';
import type { NotificationSettings } from '../config.js';
import type { Db } from '../db/database.js';
import { fill, OWNER_TEXTS } from '../i18n/owner-texts.js';
import { countMessagesReceived } from '../repositories/contact-repository.js';
import { activeChannels } from '../repositories/email-settings-repository.js';
import { enqueueNotification } from '../repositories/notification-repository.js';
import { claimSummaryWeek, weeklySummaryEnabled } from '../repositories/owner-settings-repository.js';
import { queryStats } from '../repositories/stats-repository.js';

/**
 * The weekly summary e-mail: on Monday, last week's (Monday to Sunday, UTC days) unique
 * visitors and visits with their change against the week before, the top pages and the new
 * messages, in OWNER_LOCALE, queued in the outbox like any notification.
 */

/** Not before Monday 06:00 UTC (11:00 in Tashkent): Sunday's last visits are in, and it is morning. */
const SUMMARY_FROM_HOUR_UTC = 6;
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
  const texts = OWNER_TEXTS[locale].weekly_summary;
  const number = new Intl.NumberFormat(HTML_LANG[locale]).format;
  const withChange = (current: number, previous: number) => {
    const change = changeText(current, previous);
    return `${number(current)}${change === undefined ? texts.no_previous : fill(texts.change, { change })}`;
  };
  const { totals, previous } = stats;
  const visitorsChange = changeText(totals.visitors, previous.visitors);
  const pages = stats.pages
    .slice(0, TOP_PAGES)
    .map((page, index) => `${index + 1}. ${page.value ?? texts.not_given} — ${number(page.visits)}`);
  const paragraphs = [
    fill(texts.heading, { from: stats.from, to: stats.to }),
    [
      `${texts.visitors}: ${withChange(totals.visitors, previous.visitors)}`,
      `${texts.visits}: ${withChange(totals.visits, previous.visits)}`,
      `${texts.messages}: ${number(messages)}`,
    ].join('\n'),
    pages.length > 0 ? [texts.top_pages, ...pages].join('\n') : texts.no_visits,
    ...(publicUrl ? [fill(texts.dashboard, { url: `${publicUrl}${OWNER_PATHS.stats}?range=7d` })] : []),
    `— ${texts.footer}`,
  ];
  return {
    subject: fill(texts.subject, {
      visitors: number(totals.visitors),
      change: visitorsChange === undefined ? '' : ` (${visitorsChange})`,
    }),
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
  if (!(await activeChannels(db, notifications)).includes('email')) return 'no_email';
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
