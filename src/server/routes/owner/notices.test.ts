import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { NotificationKind } from '../../../shared/schemas/owner.js';
import type { NotificationSettings } from '../../config.js';
import { fill, OWNER_TEXTS } from '../../i18n/owner-texts.js';
import { lastPeriodEnd, queueMessageDigest } from '../../outbox/message-digest.js';
import { preparedNotification } from '../../outbox/notification-text.js';
import { queueWeeklySummary } from '../../outbox/weekly-summary-email.js';
import { saveContactMessage } from '../../repositories/contact-repository.js';
import {
  anotherProcess,
  createTestApp,
  SAME_ORIGIN,
  signInOwner,
  type TestApp,
  testDialect,
} from '../../test/helper.js';
import { notificationStandInsForBlock, standInSettings } from '../../test/notification-stand-ins.js';

const MESSAGE = { name: 'Malika', email: 'malika@example.uz', message: 'Salom! Loyiha haqida gaplashsak.' };

describe(`the owner's notices on ${testDialect}`, () => {
  const standIns = notificationStandInsForBlock();
  let notifications: NotificationSettings;
  let testApp: TestApp;
  /** A second process on the same database: its own app, outbox and jobs. */
  let other: FastifyInstance;
  /** What `start` opened, closed after each test (the other process first: it shares the database). */
  const opened: (() => Promise<unknown>)[] = [];
  let cookie: string;

  /** Both processes, with OWNER_LOCALE as `locale` gives it (undefined: not in the environment). */
  async function start(locale?: NotificationSettings['locale']) {
    notifications = { ...standInSettings(standIns), locale };
    testApp = await createTestApp({ notifications });
    opened.push(testApp.close);
    cookie = await signInOwner(testApp);
    const second = await anotherProcess(testApp, { notifications });
    other = second.app;
    opened.push(second.close);
    // Signing in from a new device above queued its notice: each test counts its own jobs.
    await testApp.db.deleteFrom('notification_jobs').execute();
    standIns.clear();
  }
  beforeEach(() => standIns.clear());
  afterEach(async () => {
    for (const close of opened.splice(0).reverse()) await close();
  });

  const headers = () => ({ cookie, ...SAME_ORIGIN });
  const get = (app: FastifyInstance) => app.inject({ url: '/api/v1/owner/notices', headers: { cookie } });
  const put = (app: FastifyInstance, payload: unknown) =>
    app.inject({ method: 'PUT', url: '/api/v1/owner/notices', headers: headers(), payload: payload as object });
  const report = (app: FastifyInstance, language: string) =>
    app.inject({ method: 'PUT', url: '/api/v1/owner/interface-language', headers: headers(), payload: { language } });
  const contact = (app: FastifyInstance, payload: object = MESSAGE) =>
    app.inject({ method: 'POST', url: '/api/v1/contact', payload, remoteAddress: '10.0.0.7' });
  const jobs = (kind: NotificationKind) =>
    testApp.db.selectFrom('notification_jobs').selectAll().where('kind', '=', kind).execute();
  const choices = { language: 'interface', messages: 'each', digestHours: 3, signIns: true } as const;

  /** What the fake Bot API received since the last clear, as texts. */
  const telegramTexts = () => standIns.bot.calls.map((call) => String(call.text));

  it('needs the owner, and refuses a body it cannot take without a 500', async () => {
    await start();
    expect((await testApp.app.inject({ url: '/api/v1/owner/notices' })).statusCode).toBe(401);
    const crossSite = await testApp.app.inject({
      method: 'PUT',
      url: '/api/v1/owner/notices',
      headers: { cookie, 'sec-fetch-site': 'cross-site' },
      payload: choices,
    });
    expect(crossSite.statusCode).toBe(403);
    for (const bad of [
      { ...choices, digestHours: 5 },
      { ...choices, messages: 'weekly' },
      { ...choices, language: 'uzbek' },
      { ...choices, signIns: 'yes' },
      { ...choices, extra: 1 },
      { language: 'english' },
    ]) {
      expect((await put(testApp.app, bad)).statusCode).toBe(400);
    }
    expect((await report(testApp.app, 'klingon')).statusCode).toBe(400);
  });

  it('starts with each message, sign-ins told and the owner area’s language (lotin until reported)', async () => {
    await start();
    const response = await get(testApp.app);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json().data).toEqual({
      language: 'interface',
      interfaceLanguage: 'lotin',
      effectiveLanguage: 'lotin',
      languageFromEnvironment: false,
      messages: 'each',
      digestHours: 3,
      signIns: true,
    });
  });

  it('writes a message’s notice in the owner area’s language, then in the one chosen, in the other process at once', async () => {
    await start();
    // The owner area reports Russian through one process; a message arrives through the other.
    expect((await report(testApp.app, 'russian')).json().data.effectiveLanguage).toBe('russian');
    expect((await contact(other)).statusCode).toBe(201);
    await other.outbox.runOnce();
    expect(telegramTexts()).toEqual([
      expect.stringContaining(fill(OWNER_TEXTS.russian.message.wrote, { name: MESSAGE.name, email: MESSAGE.email })),
    ]);

    standIns.clear();
    expect((await put(testApp.app, { ...choices, language: 'english' })).json().data).toMatchObject({
      language: 'english',
      interfaceLanguage: 'russian',
      effectiveLanguage: 'english',
    });
    expect((await get(other)).json().data.effectiveLanguage).toBe('english');
    await contact(other);
    await other.outbox.runOnce();
    expect(telegramTexts()).toEqual([
      expect.stringContaining(fill(OWNER_TEXTS.english.message.wrote, { name: MESSAGE.name, email: MESSAGE.email })),
    ]);
  });

  it('lets OWNER_LOCALE win: shown as from the environment, another language refused', async () => {
    await start('russian');
    await report(testApp.app, 'english');
    expect((await get(other)).json().data).toMatchObject({
      languageFromEnvironment: true,
      effectiveLanguage: 'russian',
    });
    const refused = await put(testApp.app, { ...choices, language: 'english' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'owner_locale_from_environment' });
    // The other choices are still the owner's.
    const { language: _chosenByEnvironment, ...others } = choices;
    expect((await put(testApp.app, { ...others, signIns: false })).statusCode).toBe(200);
    await contact(other);
    await other.outbox.runOnce();
    expect(telegramTexts()).toEqual([expect.stringContaining(OWNER_TEXTS.russian.message.reply)]);
  });

  it('in digest mode queues nothing for a message, then one digest across two processes', async () => {
    await start();
    await report(other, 'english');
    const saved = await put(testApp.app, { ...choices, messages: 'digest', digestHours: 1 });
    expect(saved.json().data).toMatchObject({ messages: 'digest', digestHours: 1 });

    expect((await contact(other)).statusCode).toBe(201);
    expect((await contact(other, { ...MESSAGE, name: 'Aziz', message: 'First line\nsecond line' })).statusCode).toBe(
      201,
    );
    expect(await jobs('message')).toEqual([]);

    // Before the period's end nothing is due; after it, both processes run the job at once.
    expect(await queueMessageDigest(testApp.db, { notifications })).toBe('nothing_new');
    const later = new Date(Date.now() + 2 * 3_600_000);
    const outcomes = await Promise.all([
      queueMessageDigest(testApp.db, { notifications }, later),
      queueMessageDigest(testApp.db, { notifications }, later),
    ]);
    expect(outcomes.sort()).toEqual(['already_queued', 'queued']);
    expect(await queueMessageDigest(testApp.db, { notifications }, later)).toBe('already_queued');
    const digests = await jobs('digest');
    expect(digests.map((job) => job.channel).sort()).toEqual(['email', 'telegram']);

    await other.outbox.runOnce(() => later);
    const [text] = telegramTexts();
    expect(text).toMatch(/^New messages from .* \(UTC\): 2\n/);
    expect(text).toContain('Malika <malika@example.uz>: Salom! Loyiha haqida gaplashsak.');
    expect(text).toContain('Aziz <malika@example.uz>: First line');
    expect(text).not.toContain('second line');

    // The next period lists only what came after the last one's end.
    const claimedUntil = Date.parse(lastPeriodEnd(later, 1));
    await saveContactMessage(testApp.db, { ...MESSAGE, name: 'Bekzod' }, { now: new Date(claimedUntil + 1000) });
    const next = new Date(claimedUntil + 3_600_000 + 120_000);
    expect(await queueMessageDigest(testApp.db, { notifications }, next)).toBe('queued');
    const [, , newest] = (await jobs('digest')).sort((a, b) => a.created_at.localeCompare(b.created_at));
    expect(newest?.payload).toContain('Bekzod');
    expect(newest?.payload).not.toContain('Malika <');

    // Back to each message: a message is told at once again.
    await put(other, choices);
    await contact(other);
    expect(await jobs('message')).toHaveLength(2);
  });

  it('tells what an open digest period held when the owner goes back to each message', async () => {
    await start();
    await put(testApp.app, { ...choices, messages: 'digest', digestHours: 24 });
    expect((await contact(other, { ...MESSAGE, name: 'Dildora' })).statusCode).toBe(201);
    expect(await jobs('message')).toEqual([]);
    await put(other, choices);
    const last = await jobs('digest');
    expect(last.map((job) => job.channel).sort()).toEqual(['email', 'telegram']);
    expect(last.every((job) => job.payload?.includes('Dildora'))).toBe(true);
    // Told once: the period is claimed up to the switch, so no later digest repeats it.
    expect(await queueMessageDigest(testApp.db, { notifications }, new Date(Date.now() + 25 * 3_600_000))).toBe('each');
    await put(testApp.app, choices);
    expect(await jobs('digest')).toHaveLength(2);
  });

  it('escapes a visitor’s text in the digest as in a single notice', async () => {
    await start();
    await put(testApp.app, { ...choices, messages: 'digest', digestHours: 24 });
    await report(testApp.app, 'english');
    // Stored before the form refused such names: a bidirectional control and markup.
    await saveContactMessage(testApp.db, {
      name: 'Mal\u202Eika <b>',
      email: 'x@example.uz',
      message: '<script>alert(1)</script>\u2028next',
    });
    expect(await queueMessageDigest(testApp.db, { notifications }, new Date(Date.now() + 25 * 3_600_000))).toBe(
      'queued',
    );
    const [job] = await jobs('digest');
    const notification = preparedNotification('id', job?.payload ?? null);
    expect(notification?.text).toContain('Mal\ufffdika <b> <x@example.uz>: <script>alert(1)</script>\ufffdnext');
    expect(notification?.html).toContain('&#60;script&#62;alert(1)&#60;/script&#62;');
    expect(notification?.html).not.toContain('<script>');
    expect(notification?.html).not.toContain('<b>');
  });

  it('tells of a sign-in from a new device only while that notice is on', async () => {
    await start();
    await put(testApp.app, { ...choices, signIns: false });
    // Setting the password again (as signInOwner does) ends the other sessions: the new one goes on.
    cookie = await signInOwner({ ...testApp, app: other });
    expect(await jobs('new_sign_in')).toEqual([]);

    expect((await put(other, choices)).json().data.signIns).toBe(true);
    await signInOwner({ ...testApp, app: other });
    // One on each channel.
    expect(await jobs('new_sign_in')).toHaveLength(2);
  });

  it('sends the weekly summary on the day and hour chosen, in the owner’s language', async () => {
    await start();
    await report(testApp.app, 'russian');
    const chosen = await testApp.app.inject({
      method: 'PUT',
      url: '/api/v1/owner/weekly-summary',
      headers: headers(),
      payload: { enabled: true, day: 5, hour: 9 },
    });
    expect(chosen.json().data).toMatchObject({ enabled: true, day: 5, hour: 9 });
    // The switch alone keeps the day and hour.
    const off = await other.inject({
      method: 'PUT',
      url: '/api/v1/owner/weekly-summary',
      headers: headers(),
      payload: { enabled: true },
    });
    expect(off.json().data).toMatchObject({ day: 5, hour: 9 });

    // Friday 2026-11-20, 09:00 UTC: the seven days before it.
    expect(await queueWeeklySummary(testApp.db, { notifications }, new Date('2026-11-16T07:00:00Z'))).toBe('not_due');
    expect(await queueWeeklySummary(testApp.db, { notifications }, new Date('2026-11-20T08:59:59Z'))).toBe('not_due');
    expect(await queueWeeklySummary(testApp.db, { notifications }, new Date('2026-11-20T09:00:00Z'))).toBe('queued');
    expect(await queueWeeklySummary(testApp.db, { notifications }, new Date('2026-11-21T10:00:00Z'))).toBe(
      'already_queued',
    );
    const [summary] = await jobs('summary');
    expect(JSON.parse(summary?.payload ?? '{}').text).toContain(
      fill(OWNER_TEXTS.russian.weekly_summary.heading, { from: '2026-11-13', to: '2026-11-19' }),
    );
  });

  it('ends digest periods on the hours that divide the day, a minute late', () => {
    expect(lastPeriodEnd(new Date('2026-11-26T10:00:59Z'), 1)).toBe('2026-11-26T09:00:00.000Z');
    expect(lastPeriodEnd(new Date('2026-11-26T10:01:00Z'), 1)).toBe('2026-11-26T10:00:00.000Z');
    expect(lastPeriodEnd(new Date('2026-11-26T17:30:00Z'), 6)).toBe('2026-11-26T12:00:00.000Z');
    expect(lastPeriodEnd(new Date('2026-11-26T17:30:00Z'), 24)).toBe('2026-11-26T00:00:00.000Z');
  });
});
