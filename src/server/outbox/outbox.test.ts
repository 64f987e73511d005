import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { saveContactMessage } from '../repositories/contact-repository.js';
import { claimDueJobs, GIVE_UP_AFTER_MS, markRetry } from '../repositories/notification-repository.js';
import { createTestApp, SAME_ORIGIN, signInOwner, type TestApp } from '../test/helper.js';
import { notificationStandInsForBlock, standInSettings } from '../test/notification-stand-ins.js';
import { headerOf } from '../test/smtp.js';
import { OutboxWorker, retryDelayMs } from './outbox-worker.js';

const visitor = {
  name: 'Madina Yusupova',
  email: 'madina@example.uz',
  message: 'Assalomu alaykum! Saytingiz uchun loyiha bor.',
};

describe('the notification outbox', () => {
  const standIns = notificationStandInsForBlock();
  let testApp: TestApp;

  beforeEach(async () => {
    standIns.clear();
    testApp = await createTestApp({ notifications: standInSettings(standIns) });
  });
  afterEach(async () => {
    await testApp.close();
    await standIns.smtp.start();
  });

  const contact = (payload: object = visitor) =>
    testApp.app.inject({ method: 'POST', url: '/api/v1/contact', payload });
  const jobs = () => testApp.db.selectFrom('notification_jobs').selectAll().orderBy('channel').execute();
  const later = (ms: number) => () => new Date(Date.now() + ms);

  it('e-mails the owner with Reply-To set to the visitor, and tells Telegram', async () => {
    expect((await contact()).statusCode).toBe(201);
    await testApp.app.outbox.runOnce();

    expect(standIns.smtp.messages).toHaveLength(1);
    const raw = standIns.smtp.messages[0] ?? '';
    expect(headerOf(raw, 'Reply-To')).toBe('Madina Yusupova <madina@example.uz>');
    expect(headerOf(raw, 'To')).toBe('owner@example.uz');
    expect(headerOf(raw, 'Subject')).toBe('New message from your site: Madina Yusupova');
    expect(raw).toContain('Content-Type: text/plain');
    expect(raw).toContain('Content-Type: text/html');
    expect(raw).toContain('Saytingiz uchun loyiha bor.');

    expect(standIns.bot.calls).toEqual([
      { chat_id: '424242', text: expect.stringContaining('Madina Yusupova <madina@example.uz> wrote:') },
    ]);
    expect((await jobs()).map((job) => [job.channel, job.status, Number(job.attempts)])).toEqual([
      ['email', 'sent', 1],
      ['telegram', 'sent', 1],
    ]);
  });

  it("escapes the visitor's text in the HTML e-mail", async () => {
    await contact({ ...visitor, name: '<b>Bold</b>', message: '<script>alert(1)</script> and more text' });
    await testApp.app.outbox.runOnce();
    const html = (standIns.smtp.messages[0] ?? '').split('Content-Type: text/html')[1] ?? '';
    expect(html).toContain('&#60;script&#62;');
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<b>Bold');
  });

  it('keeps the message while SMTP is down, retries with backoff, and delivers once when it is back', async () => {
    await standIns.smtp.stop();
    expect((await contact()).statusCode).toBe(201);
    await testApp.app.outbox.runOnce();
    const [failed] = await jobs();
    expect(failed).toMatchObject({ channel: 'email', status: 'pending', attempts: 1 });
    expect(failed?.last_error).toMatch(/^E-mail: /);
    const wait = Date.parse(failed?.next_attempt_at ?? '') - Date.now();
    expect(wait).toBeGreaterThan(10_000);
    expect(wait).toBeLessThanOrEqual(30_000);

    // Not due yet: nothing happens.
    await testApp.app.outbox.runOnce();
    expect(Number((await jobs())[0]?.attempts)).toBe(1);

    await standIns.smtp.start();
    await testApp.app.outbox.runOnce(later(31_000));
    await testApp.app.outbox.runOnce(later(10 * 60_000));
    expect(standIns.smtp.messages).toHaveLength(1);
    expect((await jobs())[0]).toMatchObject({ status: 'sent', attempts: 2, last_error: null });
  });

  it('waits as long as Telegram says on a 429, and keeps a 403 as a failure the owner can resend', async () => {
    await testApp.close();
    testApp = await createTestApp({ notifications: standInSettings(standIns, ['telegram']) });
    standIns.bot.answers.push({ kind: 'too_many_requests', retryAfter: 7 });
    await contact();
    const before = Date.now();
    await testApp.app.outbox.runOnce();
    const [waiting] = await jobs();
    expect(waiting).toMatchObject({ status: 'pending', last_error: 'Telegram: 429 Too Many Requests: retry after 7' });
    const wait = Date.parse(waiting?.next_attempt_at ?? '') - before;
    expect(wait).toBeGreaterThanOrEqual(7_000);
    expect(wait).toBeLessThan(9_000);

    standIns.bot.answers.push({ kind: 'forbidden' });
    await testApp.app.outbox.runOnce(later(8_000));
    const [refused] = await jobs();
    expect(refused).toMatchObject({
      status: 'failed',
      last_error: 'Telegram: 403 Forbidden: bot was blocked by the user',
    });
    await testApp.app.outbox.runOnce(later(24 * 60 * 60_000));
    expect(standIns.bot.calls).toHaveLength(0);

    // Resend from the owner area: queued again, delivered.
    const job = refused?.id ?? '';
    await testApp.db.updateTable('notification_jobs').set({ status: 'failed' }).where('id', '=', job).execute();
    const { resendJob } = await import('../repositories/notification-repository.js');
    await resendJob(testApp.db, job);
    await testApp.app.outbox.runOnce();
    expect(standIns.bot.calls).toHaveLength(1);
    expect((await jobs())[0]?.status).toBe('sent');
  });

  it('never hands one job to two workers at once, so N messages give exactly N e-mails', async () => {
    await testApp.close();
    testApp = await createTestApp({ notifications: standInSettings(standIns, ['email']) });
    const count = 24;
    for (let index = 0; index < count; index++) {
      await saveContactMessage(testApp.db, { ...visitor, name: `Visitor ${index}` }, { channels: ['email'] });
    }
    const workers = [0, 1, 2].map(
      () => new OutboxWorker(testApp.db, standInSettings(standIns, ['email']), testApp.app.log),
    );
    await Promise.all(workers.map((worker) => worker.runOnce()));
    await Promise.all(workers.map((worker) => worker.stop()));
    expect(standIns.smtp.messages).toHaveLength(count);
    const subjects = new Set(standIns.smtp.messages.map((raw) => headerOf(raw, 'Subject')));
    expect(subjects.size).toBe(count);
    expect((await jobs()).every((job) => job.status === 'sent' && Number(job.attempts) === 1)).toBe(true);
  });

  it('claims a job leased by a worker that died once its lease has run out, and not before', async () => {
    await saveContactMessage(testApp.db, visitor, { channels: ['email'] });
    const claimed = await claimDueJobs(testApp.db, 10);
    expect(claimed).toHaveLength(1);
    expect(await claimDueJobs(testApp.db, 10, new Date(Date.now() + 60_000))).toHaveLength(0);
    expect(await claimDueJobs(testApp.db, 10, new Date(Date.now() + 3 * 60_000))).toHaveLength(1);
  });

  it('gives a failing delivery up after three days of retries, not before', async () => {
    const created = new Date('2026-11-01T00:00:00Z');
    const job = { id: 'x', created_at: created.toISOString() };
    await saveContactMessage(testApp.db, visitor, { channels: ['email'], now: created });
    const [row] = await jobs();
    const real = { ...job, id: row?.id ?? '' };
    expect(await markRetry(testApp.db, real, 'down', 1000, new Date(created.getTime() + GIVE_UP_AFTER_MS - 1000))).toBe(
      'retry',
    );
    expect(await markRetry(testApp.db, real, 'down', 1000, new Date(created.getTime() + GIVE_UP_AFTER_MS))).toBe(
      'failed',
    );
    expect((await jobs())[0]).toMatchObject({ status: 'failed', last_error: 'down (gave up after three days)' });
  });

  it('sends a test notification per channel from the owner area', async () => {
    const cookie = await signInOwner(testApp);
    for (const channel of ['email', 'telegram']) {
      const response = await testApp.app.inject({
        method: 'POST',
        url: '/api/v1/owner/notifications/test',
        headers: { ...SAME_ORIGIN, cookie },
        payload: { channel },
      });
      expect(response.statusCode).toBe(201);
    }
    await testApp.app.outbox.runOnce();
    expect(headerOf(standIns.smtp.messages[0] ?? '', 'Subject')).toBe('Sahifa: test notification');
    expect(standIns.bot.calls[0]?.text).toMatch(/test notification/);
    const status = await testApp.app.inject({ url: '/api/v1/owner/notifications', headers: { cookie } });
    expect(status.json().data).toMatchObject({
      channels: [
        { channel: 'email', configured: true, target: 'owner@example.uz' },
        { channel: 'telegram', configured: true, target: '424242' },
      ],
      pending: 0,
      problems: [],
    });
  });

  it('backs off from under 30 s to at most an hour', () => {
    expect(retryDelayMs(1, 15, () => 0)).toBe(15_000);
    expect(retryDelayMs(1, 15, () => 0.999)).toBeLessThan(30_000);
    expect(retryDelayMs(3, 15, () => 0)).toBe(60_000);
    expect(retryDelayMs(40, 15, () => 0)).toBe(60 * 60_000);
  });
});
