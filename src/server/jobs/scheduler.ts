import type { FastifyBaseLogger } from 'fastify';

export interface JobContext {
  /** Names the job in every line it logs. */
  log: FastifyBaseLogger;
  /** Aborted when the server closes: a long job may stop between two steps instead of finishing. */
  signal: AbortSignal;
}

/** Background work that runs at start-up and then every `intervalMs`. */
export interface Job {
  /** Kebab-case, unique: it names the job in the logs and in `run(name)`. */
  name: string;
  intervalMs: number;
  run: (context: JobContext) => Promise<void>;
}

interface Scheduled {
  job: Job;
  log: FastifyBaseLogger;
  timer?: NodeJS.Timeout;
  running?: Promise<void>;
}

/**
 * The server's one runner of background work (housekeeping, the weekly summary). Each job runs at
 * start and then on its interval, never twice at once: a turn that comes while the job is still
 * running is skipped. A failing job is logged and runs again at its next turn. `stop()` stops every
 * timer and waits for the runs in progress, so the database is not closed under them.
 *
 * Every process of a cluster runs its own scheduler; the jobs are written so that this is safe
 * (idempotent deletes and rollups, the weekly summary's row per week).
 */
export class JobScheduler {
  private readonly jobs = new Map<string, Scheduled>();
  private readonly stopping = new AbortController();
  private started = false;

  constructor(private readonly log: FastifyBaseLogger) {}

  add(job: Job): this {
    if (this.jobs.has(job.name)) throw new Error(`A job named ${job.name} is already scheduled`);
    this.jobs.set(job.name, { job, log: this.log.child({ job: job.name }) });
    return this;
  }

  /** Runs every job now and then on its interval. */
  start(): void {
    if (this.started || this.stopping.signal.aborted) return;
    this.started = true;
    for (const scheduled of this.jobs.values()) {
      this.launch(scheduled);
      scheduled.timer = setInterval(() => this.launch(scheduled), scheduled.job.intervalMs);
      // The timers alone never keep the process alive.
      scheduled.timer.unref();
    }
  }

  /** Runs a job now, after its run in progress if there is one (for tests and for a manual nudge). */
  async run(name: string): Promise<void> {
    const scheduled = this.jobs.get(name);
    if (!scheduled) throw new Error(`No job is named ${name}`);
    while (scheduled.running) await scheduled.running;
    await this.launch(scheduled);
  }

  /**
   * Resolves once no job is running: the start-up runs have finished. Tests wait for it before they
   * write what a job reads, such as visits of past days that the statistics' roll-up would sum up
   * half-written.
   */
  async settled(): Promise<void> {
    for (const scheduled of this.jobs.values()) while (scheduled.running) await scheduled.running;
  }

  /** Stops every timer, tells running jobs to stop, and waits for them. */
  async stop(): Promise<void> {
    this.stopping.abort();
    for (const scheduled of this.jobs.values()) clearInterval(scheduled.timer);
    await Promise.all([...this.jobs.values()].map((scheduled) => scheduled.running));
  }

  private launch(scheduled: Scheduled): Promise<void> | undefined {
    if (scheduled.running || this.stopping.signal.aborted) return scheduled.running;
    const { job, log } = scheduled;
    const started = Date.now();
    // Started from a resolved promise, so even a job that throws at once is caught and logged.
    scheduled.running = Promise.resolve()
      .then(() => job.run({ log, signal: this.stopping.signal }))
      .then(
        () => log.debug({ durationMs: Date.now() - started }, 'job finished'),
        (error: unknown) =>
          log.error(
            { err: error, durationMs: Date.now() - started, nextRunInMs: job.intervalMs },
            'job failed; it runs again at its next turn',
          ),
      )
      .finally(() => {
        scheduled.running = undefined;
      });
    return scheduled.running;
  }
}
