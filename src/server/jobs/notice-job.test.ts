import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import type { NotificationSettings } from '../config.js';
import type { Db } from '../db/database.js';
import { noticeJob } from './notice-job.js';

const db = {} as Db;
const notifications: NotificationSettings = { retrySeconds: 60, email: undefined, telegram: undefined };

/** A run of the job with a logger that keeps what it was told. */
async function runOnce(job: ReturnType<typeof noticeJob>) {
  const info = vi.fn();
  await job.run({ log: { info } as unknown as FastifyBaseLogger, signal: new AbortController().signal });
  return info;
}

describe('a job that queues a notice', () => {
  it("asks with the site's address of the moment, then logs and wakes the outbox once it queued", async () => {
    const queue = vi.fn(async () => 'queued');
    const onQueued = vi.fn();
    let address: string | undefined = 'https://one.example';
    const job = noticeJob(db, {
      name: 'test-notice',
      intervalMs: 1000,
      queue,
      queuedMessage: 'test notice queued',
      notifications,
      publicUrl: () => address,
      onQueued,
    });
    expect(job).toMatchObject({ name: 'test-notice', intervalMs: 1000 });
    expect(await runOnce(job)).toHaveBeenCalledWith('test notice queued');
    address = undefined;
    await runOnce(job);
    expect(queue.mock.calls).toEqual([
      [db, { notifications, publicUrl: 'https://one.example' }],
      [db, { notifications, publicUrl: undefined }],
    ]);
    expect(onQueued).toHaveBeenCalledTimes(2);
  });

  it('does nothing more when nothing was due', async () => {
    const onQueued = vi.fn();
    const job = noticeJob(db, {
      name: 'test-notice',
      intervalMs: 1000,
      queue: async () => 'already_queued',
      queuedMessage: 'test notice queued',
      notifications,
      publicUrl: () => undefined,
      onQueued,
    });
    expect(await runOnce(job)).not.toHaveBeenCalled();
    expect(onQueued).not.toHaveBeenCalled();
  });
});
