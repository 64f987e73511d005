import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('loadConfig', () => {
  it('defaults to port 3000, loopback and SQLite under data/', () => {
    const config = loadConfig({}, '/srv/site');
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      database: { dialect: 'sqlite', file: path.join('/srv/site', 'data', 'sahifa.sqlite') },
      contentDir: '/srv/site/content',
      trustProxy: false,
      contactRateLimit: { max: 5, windowMinutes: 10 },
      visitorRateLimit: 30,
    });
  });

  it('watches the content folder unless CONTENT_WATCH=false', () => {
    expect(loadConfig({}).contentWatch).toBe(true);
    expect(loadConfig({ CONTENT_WATCH: 'true' }).contentWatch).toBe(true);
    expect(loadConfig({ CONTENT_WATCH: 'false' }).contentWatch).toBe(false);
  });

  it('logs readable lines in a terminal and JSON elsewhere unless LOG_FORMAT says which', () => {
    expect(loadConfig({}).logFormat).toBe('auto');
    expect(loadConfig({ LOG_FORMAT: 'pretty' }).logFormat).toBe('pretty');
    expect(loadConfig({ LOG_FORMAT: 'json' }).logFormat).toBe('json');
  });

  it('keeps every content version for CONTENT_HISTORY_DAYS days (30 unless set)', () => {
    expect(loadConfig({}).contentHistoryDays).toBe(30);
    expect(loadConfig({ CONTENT_HISTORY_DAYS: '90' }).contentHistoryDays).toBe(90);
  });

  it('switches to PostgreSQL with DATABASE_URL and reads the proxy setting', () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://u@db/site', TRUST_PROXY: '2', PORT: '8080' });
    expect(config.database).toEqual({ dialect: 'postgres', url: 'postgres://u@db/site' });
    expect(config.trustProxy).toBe(2);
    expect(config.port).toBe(8080);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 10.0.0.2' }).trustProxy).toEqual(['10.0.0.1', '10.0.0.2']);
  });

  it('reads COUNTRY_HEADER, lower case, only together with TRUST_PROXY', () => {
    expect(loadConfig({}).countryHeader).toBeUndefined();
    expect(loadConfig({ TRUST_PROXY: 'true', COUNTRY_HEADER: ' CF-IPCountry ' }).countryHeader).toBe('cf-ipcountry');
    expect(loadConfig({ TRUST_PROXY: '1', COUNTRY_HEADER: '' }).countryHeader).toBeUndefined();
  });

  it.each([
    [{ PORT: 'eighty' }, /PORT: /],
    [{ COUNTRY_HEADER: 'cf-ipcountry' }, /COUNTRY_HEADER: is only read from a trusted proxy: set TRUST_PROXY too/],
    [{ COUNTRY_HEADER: 'cf-ipcountry', TRUST_PROXY: 'false' }, /COUNTRY_HEADER: .*set TRUST_PROXY/],
    [{ COUNTRY_HEADER: 'country: x', TRUST_PROXY: 'true' }, /COUNTRY_HEADER: must be a header name/],
    [{ PORT: '70000' }, /PORT: /],
    [{ DATABASE_URL: 'mysql://x' }, /DATABASE_URL: must start with postgres:\/\//],
    [{ TRUST_PROXY: 'yes please' }, /TRUST_PROXY: use false, true/],
    [{ LOG_LEVEL: 'loud' }, /LOG_LEVEL: /],
    [{ LOG_FORMAT: 'colourful' }, /LOG_FORMAT: /],
    [
      { SMTP_URL: 'mail.example.com:587', MAIL_FROM: 'a@b.uz', MAIL_TO: 'c@d.uz' },
      /SMTP_URL: must look like smtp:\/\//,
    ],
    [
      { SMTP_URL: 'smtp://u:p@mail.example.com:587', MAIL_FROM: 'a@b.uz' },
      /MAIL_TO: e-mail needs SMTP_URL, MAIL_FROM and MAIL_TO together/,
    ],
    [
      { SMTP_URL: 'smtp://mail.example.com', MAIL_FROM: 'site', MAIL_TO: 'c@d.uz' },
      /MAIL_FROM: must be an e-mail address/,
    ],
    [
      { TELEGRAM_BOT_TOKEN: 'not-a-token', TELEGRAM_CHAT_ID: '42' },
      /TELEGRAM_BOT_TOKEN: must be the token @BotFather gave/,
    ],
    [{ TELEGRAM_BOT_TOKEN: '123456789:AAEabcdefghijklmnopqrstuvwxyz' }, /TELEGRAM_CHAT_ID: Telegram needs/],
    [{ OWNER_LOCALE: 'uzbek' }, /OWNER_LOCALE: /],
    [{ CONTENT_WATCH: 'no' }, /CONTENT_WATCH: /],
    [{ CONTENT_HISTORY_DAYS: '0' }, /CONTENT_HISTORY_DAYS: /],
    [{ CONTENT_HISTORY_DAYS: 'a month' }, /CONTENT_HISTORY_DAYS: /],
    [{ TELEGRAM_API_URL: 'http://api.telegram.org' }, /TELEGRAM_API_URL: must be https:\/\//],
    [{ TELEGRAM_API_URL: 'http://10.0.0.5:8081' }, /TELEGRAM_API_URL: must be https:\/\//],
  ])('rejects %j with a clear error', (environment, message) => {
    expect(() => loadConfig(environment)).toThrow(ConfigError);
    expect(() => loadConfig(environment)).toThrow(message);
  });

  it('turns notification settings into channels, and treats empty values as unset', () => {
    const config = loadConfig({
      SMTP_URL: 'smtps://you%40gmail.com:secret@smtp.gmail.com:465',
      MAIL_FROM: 'you@gmail.com',
      MAIL_TO: 'you@gmail.com',
      TELEGRAM_BOT_TOKEN: '123456789:AAEabcdefghijklmnopqrstuvwxyz',
      TELEGRAM_CHAT_ID: '-1001234567',
      OWNER_LOCALE: 'russian',
    });
    expect(config.notifications).toEqual({
      email: {
        smtpUrl: 'smtps://you%40gmail.com:secret@smtp.gmail.com:465',
        from: 'you@gmail.com',
        to: 'you@gmail.com',
      },
      telegram: {
        botToken: '123456789:AAEabcdefghijklmnopqrstuvwxyz',
        chatId: '-1001234567',
        apiUrl: 'https://api.telegram.org',
      },
      locale: 'russian',
      retrySeconds: 15,
    });
    const none = loadConfig({ SMTP_URL: '', TELEGRAM_BOT_TOKEN: ' ', DATABASE_URL: '' });
    // No OWNER_LOCALE: the language is the owner's choice in Settings (decision 037).
    expect(none.notifications).toMatchObject({ email: undefined, telegram: undefined });
    expect(none.notifications).not.toHaveProperty('locale');
    expect(none.database.dialect).toBe('sqlite');
  });

  it('takes a Telegram Bot API over https, or over http only on this machine (a stand-in)', () => {
    for (const url of ['https://bot.example', 'http://127.0.0.1:8081', 'http://localhost:8081', 'http://[::1]:8081']) {
      expect(() => loadConfig({ TELEGRAM_API_URL: url })).not.toThrow();
    }
  });
});
