import { type Expression, sql } from 'kysely';

/**
 * The referrer table names well-known sites instead of their many hosts (`t.co` and `x.com` are
 * both X; `l.facebook.com`, `m.facebook.com` and `facebook.com` are Facebook; every country's Google
 * is Google), as Plausible does. This is the one list; `referrerGroup` reads it in the server and
 * `referrerGroupSql` in the database, so the dashboard's table and a message's origin agree.
 *
 * A pattern is either a domain, which matches itself and every host under it (`facebook.com`:
 * `l.facebook.com` too), or a name followed by `.*`, which matches that name under any top-level
 * domain of one or two labels, with or without `www.` (`google.*`: `www.google.co.uk`, not
 * `google.evil.example.com`). Group names start with a capital letter, which a stored host (always
 * lower case) never does, so a name never mixes with a host in the table.
 */
const REFERRER_GROUPS: readonly { name: string; patterns: readonly string[] }[] = [
  // Search engines, by name.
  { name: 'Google', patterns: ['google.*', 'google.com'] },
  { name: 'Bing', patterns: ['bing.com'] },
  { name: 'DuckDuckGo', patterns: ['duckduckgo.com'] },
  { name: 'Yandex', patterns: ['yandex.*', 'ya.ru'] },
  { name: 'Yahoo', patterns: ['yahoo.com', 'yahoo.*'] },
  { name: 'Baidu', patterns: ['baidu.com'] },
  { name: 'Ecosia', patterns: ['ecosia.org'] },
  { name: 'Brave Search', patterns: ['search.brave.com'] },
  { name: 'Startpage', patterns: ['startpage.com'] },
  { name: 'Qwant', patterns: ['qwant.com'] },
  { name: 'Kagi', patterns: ['kagi.com'] },
  { name: 'Naver', patterns: ['naver.com'] },
  { name: 'Mail.ru', patterns: ['mail.ru'] },
  // Social networks and messengers.
  { name: 'X', patterns: ['t.co', 'x.com', 'twitter.com'] },
  { name: 'Facebook', patterns: ['facebook.com', 'fb.com', 'fb.me'] },
  { name: 'Instagram', patterns: ['instagram.com'] },
  { name: 'Threads', patterns: ['threads.net', 'threads.com'] },
  { name: 'LinkedIn', patterns: ['linkedin.com', 'lnkd.in'] },
  { name: 'Telegram', patterns: ['t.me', 'telegram.org', 'telegram.me'] },
  { name: 'WhatsApp', patterns: ['wa.me', 'whatsapp.com'] },
  { name: 'VK', patterns: ['vk.com', 'vk.ru'] },
  { name: 'Reddit', patterns: ['reddit.com'] },
  { name: 'YouTube', patterns: ['youtube.com', 'youtu.be'] },
  { name: 'TikTok', patterns: ['tiktok.com'] },
  { name: 'Bluesky', patterns: ['bsky.app'] },
  { name: 'Hacker News', patterns: ['news.ycombinator.com'] },
  { name: 'GitHub', patterns: ['github.com'] },
  { name: 'Habr', patterns: ['habr.com'] },
];

const ANY_TOP_LEVEL = '.*';
const PREFIXES = ['', 'www.'];

function matches(host: string, pattern: string): boolean {
  if (!pattern.endsWith(ANY_TOP_LEVEL)) return host === pattern || host.endsWith(`.${pattern}`);
  const name = `${pattern.slice(0, -ANY_TOP_LEVEL.length)}.`;
  return PREFIXES.some((prefix) => {
    if (!host.startsWith(prefix + name)) return false;
    const topLevel = host.slice(prefix.length + name.length).split('.');
    return topLevel.length <= 2 && topLevel.every((label) => label !== '');
  });
}

/** The name a referring host is shown by: its group's, or the host itself. */
export function referrerGroup(host: string): string {
  return REFERRER_GROUPS.find((group) => group.patterns.some((pattern) => matches(host, pattern)))?.name ?? host;
}

/**
 * The same in SQL, for the referrer breakdown, which sums and cuts its rows in the database. Only
 * `like` (the same in SQLite and PostgreSQL for lower-case ASCII; a stored host holds neither `%` nor
 * `_`), with the list's literals bound as parameters.
 */
export function referrerGroupSql(host: Expression<string>) {
  const condition = (pattern: string) => {
    if (!pattern.endsWith(ANY_TOP_LEVEL)) return sql`(${host} = ${pattern} or ${host} like ${`%.${pattern}`})`;
    const name = `${pattern.slice(0, -ANY_TOP_LEVEL.length)}.`;
    // One or two labels after the name: something after it, and not three dots' worth.
    const alternatives = PREFIXES.map(
      (prefix) =>
        sql`(${host} like ${`${prefix}${name}_%`} and ${host} not like ${`${prefix}${name}%.%.%`} and ${host} not like ${`%.`} and ${host} not like ${`${prefix}${name}%..%`})`,
    );
    return sql`(${sql.join(alternatives, sql` or `)})`;
  };
  const whens = REFERRER_GROUPS.map(
    (group) => sql`when ${sql.join(group.patterns.map(condition), sql` or `)} then ${group.name}`,
  );
  return sql<string>`case ${sql.join(whens, sql` `)} else ${host} end`;
}
