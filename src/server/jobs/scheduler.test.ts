import { Writable } from 'node:stream';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type JobContext, JobScheduler } from './scheduler.js';

/** A promise with its resolve function, to hold a job in the middle of its run. */
function gate() {
  let open = () => {};
  const closed = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { closed, open };
}

describe('the job scheduler', () => {
  let app: FastifyInstance;
  let logs: { level: number; msg: string; job?: string; err?: { message: string } }[];
  let scheduler: JobScheduler;

  beforeEach(() => {
    vi.useFakeTimers();
    logs = [];
    const stream = new Writable({
      write(chunk, _encoding, callback) {
        for (const line of String(chunk).split('\n').filter(Boolean)) logs.push(JSON.parse(line));
        callback();
      },
    });
    // A real Fastify logger, as the server gives the scheduler.
    app = Fastify({ logger: { level: 'debug', stream } });
    scheduler = new JobScheduler(app.log);
  });
  afterEach(async () => {
    await scheduler.stop();
    await app.close();
    vi.useRealTimers();
  });

  it('runs each job at start and then on its interval', async () => {
    const runs = { fast: 0, slow: 0 };
    scheduler
      .add({ name: 'fast', intervalMs: 1_000, run: async () => void runs.fast++ })
      .add({ name: 'slow', intervalMs: 5_000, run: async () => void runs.slow++ });
    scheduler.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(runs).toEqual({ fast: 1, slow: 1 });
    await vi.advanceTimersByTimeAsync(5_000);
    expect(runs).toEqual({ fast: 6, slow: 2 });
  });

  it('never runs a job twice at once: a turn that comes while it runs is skipped', async () => {
    const held = gate();
    let running = 0;
    let most = 0;
    let runs = 0;
    scheduler.add({
      name: 'slow-to-finish',
      intervalMs: 1_000,
      run: async () => {
        runs++;
        running++;
        most = Math.max(most, running);
        if (runs === 1) await held.closed;
        running--;
      },
    });
    scheduler.start();
    await vi.advanceTimersByTimeAsync(3_500);
    // A run asked for by hand waits for the one in progress.
    const byHand = scheduler.run('slow-to-finish');
    await vi.advanceTimersByTimeAsync(0);
    expect({ runs, most }).toEqual({ runs: 1, most: 1 });
    held.open();
    await byHand;
    expect({ runs, most }).toEqual({ runs: 2, most: 1 });
    await vi.advanceTimersByTimeAsync(1_000);
    expect(runs).toBe(3);
  });

  it('settles once the runs in progress have finished, and keeps running the jobs after', async () => {
    const held = gate();
    let runs = 0;
    scheduler.add({
      name: 'held',
      intervalMs: 1_000,
      run: async () => {
        runs++;
        if (runs === 1) await held.closed;
      },
    });
    await scheduler.settled();
    scheduler.start();
    let settled = false;
    const settling = scheduler.settled().then(() => {
      settled = true;
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(settled).toBe(false);
    held.open();
    await settling;
    expect(runs).toBe(1);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(runs).toBe(2);
  });

  it('waits for the runs in progress when it stops, tells them to stop, and runs nothing after', async () => {
    const held = gate();
    const seen: { signal?: AbortSignal; finished: boolean } = { finished: false };
    let quickRuns = 0;
    scheduler
      .add({
        name: 'held',
        intervalMs: 1_000,
        run: async ({ signal }: JobContext) => {
          seen.signal = signal;
          await held.closed;
          seen.finished = true;
        },
      })
      .add({ name: 'quick', intervalMs: 1_000, run: async () => void quickRuns++ });
    scheduler.start();
    await vi.advanceTimersByTimeAsync(0);

    let stopped = false;
    const stopping = scheduler.stop().then(() => {
      stopped = true;
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(seen.signal?.aborted).toBe(true);
    expect(stopped).toBe(false);
    held.open();
    await stopping;
    expect(seen.finished).toBe(true);

    await vi.advanceTimersByTimeAsync(10_000);
    await scheduler.run('quick');
    expect(quickRuns).toBe(1);
  });

  it('logs a failing job by its name and runs it again at its next turn', async () => {
    let runs = 0;
    scheduler.add({
      name: 'flaky',
      intervalMs: 1_000,
      run: async ({ log }) => {
        runs++;
        if (runs === 1) throw new Error('database is busy');
        log.info('done at last');
      },
    });
    scheduler.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(logs.filter((line) => line.level === 50)).toMatchObject([
      { job: 'flaky', msg: 'job failed; it runs again at its next turn', err: { message: 'database is busy' } },
    ]);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(runs).toBe(2);
    expect(logs).toContainEqual(expect.objectContaining({ job: 'flaky', msg: 'done at last' }));
  });

  it('refuses two jobs of one name, and a run of an unknown one', async () => {
    scheduler.add({ name: 'once', intervalMs: 1_000, run: async () => {} });
    expect(() => scheduler.add({ name: 'once', intervalMs: 1_000, run: async () => {} })).toThrow(
      'A job named once is already scheduled',
    );
    await expect(scheduler.run('other')).rejects.toThrow('No job is named other');
  });
});
