import { countryNames } from '../../shared/country-names.js';
import { addDays, dayOf, isoWeek } from '../../shared/days.js';
import { conversionRate } from '../../shared/goals.js';
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
import {
  claimSummaryWeek,
  DEFAULT_SUMMARY_TIME,
  lastSummaryWeek,
  noticeLocale,
  type SummaryTime,
  weeklySummaryEnabled,
  weeklySummaryTime,
} from '../repositories/owner-settings-repository.js';
import { queryStats } from '../repositories/stats-repository.js';

/**
 * The weekly summary e-mail: on the day and hour the owner chose (Monday 06:00 UTC by default), the
 * last seven UTC days' unique visitors and visits with their change against the seven before, the
 * top pages, campaigns and countries and the new messages, in the owner's language, queued in the outbox like any
 * notification. Day and hour are UTC, as the statistics' days are (decision 037).
 */

/** From the chosen hour to the next day's end, so a server that was down still sends it; later, it is skipped. */
const SUMMARY_WINDOW_DAYS = 2;
const TOP_PAGES = 5;
const TOP_CAMPAIGNS = 3;
const TOP_COUNTRIES = 5;

export interface SummaryWeek {
  /** The ISO week of the first day summed up: one summary per week, whichever day it goes on. */
  week: string;
  from: string;
  to: string;
}

/** The seven days whose summary is due at `now`, sent at `time`, or undefined outside its window. */
export function dueSummaryWeek(now: Date, time: SummaryTime = DEFAULT_SUMMARY_TIME): SummaryWeek | undefined {
  const { monday } = isoWeek(dayOf(now));
  // This week's sending day, or last week's (Sunday's window runs into Monday).
  for (const weekOffset of [0, -7]) {
    const sendDay = addDays(monday, time.day - 1 + weekOffset);
    const opens = Date.parse(`${sendDay}T00:00:00Z`) + time.hour * 3_600_000;
    const closes = Date.parse(`${addDays(sendDay, SUMMARY_WINDOW_DAYS)}T00:00:00Z`);
    if (now.getTime() < opens || now.getTime() >= closes) continue;
    const from = addDays(sendDay, -7);
    return { week: isoWeek(from).week, from, to: addDays(sendDay, -1) };
  }
  return undefined;
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

type CampaignFigures = Partial<Pick<Stats, 'sources' | 'campaigns'>>;

/**
 * The week's top campaigns (decision 044): the sources and names of the tagged links visits began on,
 * the largest few of each; nothing when no visit came by one.
 */
function campaignsParagraph(
  stats: CampaignFigures,
  texts: (typeof OWNER_TEXTS)[Locale]['weekly_summary'],
  number: (value: number) => string,
): string[] {
  const line = (label: string, items: Stats['sources'] = []) => {
    const top = items.filter((item) => item.value !== null).slice(0, TOP_CAMPAIGNS);
    return top.length === 0
      ? []
      : [`${label}: ${top.map((item) => `${item.value} — ${number(item.visits)}`).join('; ')}`];
  };
  const lines = [...line(texts.campaign_sources, stats.sources), ...line(texts.campaign_names, stats.campaigns)];
  return lines.length === 0 ? [] : [[texts.top_campaigns, ...lines].join('\n')];
}

/** The summary's subject and text, from the week's statistics and messages. */
export function summaryContent(
  stats: Pick<Stats, 'from' | 'to' | 'totals' | 'previous' | 'pages'> &
    Partial<Pick<Stats, 'goals' | 'countries'>> &
    CampaignFigures,
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
  // The week's goals (decision 041): each one's visitors and conversion rate.
  const percent = new Intl.NumberFormat(HTML_LANG[locale], { style: 'percent', maximumFractionDigits: 1 }).format;
  const goals = (stats.goals ?? []).map(
    (goal) =>
      `${texts[`goal_${goal.goal}`]}: ${number(goal.visitors)} (${percent(conversionRate(goal.visitors, totals.visitors))})`,
  );
  const countryName = countryNames(HTML_LANG[locale], texts.unknown_country);
  const countries = (stats.countries ?? [])
    .slice(0, TOP_COUNTRIES)
    .map((country, index) => `${index + 1}. ${countryName(country.value)} — ${number(country.visits)}`);
  const paragraphs = [
    fill(texts.heading, { from: stats.from, to: stats.to }),
    [
      `${texts.visitors}: ${withChange(totals.visitors, previous.visitors)}`,
      `${texts.visits}: ${withChange(totals.visits, previous.visits)}`,
      `${texts.messages}: ${number(messages)}`,
    ].join('\n'),
    pages.length > 0 ? [texts.top_pages, ...pages].join('\n') : texts.no_visits,
    ...(goals.length > 0 ? [[texts.goals, ...goals].join('\n')] : []),
    ...campaignsParagraph(stats, texts, number),
    ...(pages.length > 0 && countries.length > 0 ? [[texts.top_countries, ...countries].join('\n')] : []),
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
  // The chosen day and hour are read at each turn: a change counts at once in every process.
  const due = dueSummaryWeek(now, await weeklySummaryTime(db));
  if (!due) return 'not_due';
  if (!(await weeklySummaryEnabled(db))) return 'off';
  // Claimed already: no need to sum up the week again (the job looks every few minutes).
  if ((await lastSummaryWeek(db)) === due.week) return 'already_queued';
  const [stats, messages, locale] = await Promise.all([
    queryStats(db, { from: due.from, to: due.to }, now),
    countMessagesReceived(db, due.from, due.to),
    noticeLocale(db, notifications),
  ]);
  const content = summaryContent(stats, messages, locale, publicUrl);
  return db.transaction().execute(async (transaction) => {
    if (!(await claimSummaryWeek(transaction, due.week, now))) return 'already_queued';
    await enqueueNotification(transaction, 'email', 'summary', content, now);
    return 'queued';
  });
}
