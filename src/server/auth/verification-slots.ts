/**
 * How many password verifications may run at once in this process, and who waits for them. Each
 * scrypt holds one of libuv's four pool threads and 128 MiB for about 0.45 s; reading files
 * (pictures, the built site) uses the same pool, so a flood of sign-in attempts would make every
 * visitor wait. Two slots leave the rest of the pool to visitors. The pool belongs to the process,
 * so the slots and their queue do too.
 *
 * Refusing at once when both slots were taken let a distributed flood keep the owner out for good
 * (issue 25, defect 3): whoever happened to ask when a slot came free got it. So an attempt waits in
 * a short queue instead, served fairly:
 * - one waiting attempt per source (an IPv4 address, an IPv6 /64), so no source fills the queue;
 * - the source that has been verified least lately goes first, so one that has had its turns yields
 *   to one that has not, and among those the one that has asked least (its attempt in the window):
 *   an owner trying for the first or second time comes before bots that keep knocking;
 * - a browser the owner signed in from before (device cookie), or a request already proven to be
 *   the owner's, goes before everyone: the one thing a flood from endless fresh networks cannot fake;
 * - an attempt waits at most 2.5 s, and the queue holds only as many as the slots can serve in that
 *   time at the pace checks have been taking lately (at most eight): a longer queue would only time
 *   out. When it is full, a newcomer that ranks better pushes out the worst-ranked waiter.
 */
const DEFAULT_SLOTS = 2;
const QUEUE_LENGTH = 8;
const MAX_WAIT_MS = 2_500;
/** What a check takes before any has been timed (the default scrypt cost on a small server). */
const EXPECTED_CHECK_MS = 450;
/** A source's verifications count against its rank this long (the sign-in attempts' window). */
const SERVED_WINDOW_MS = 15 * 60_000;
/** Sources remembered for their rank; past this the oldest are forgotten (each is a few bytes). */
const MAX_REMEMBERED_SOURCES = 10_000;

/** Why an attempt got no slot: each is answered 429 with a short Retry-After. */
export type SlotRefusal = 'source_waiting' | 'queue_full' | 'pushed_out' | 'timed_out';

export type SlotOutcome = { release: () => void } | { refused: SlotRefusal };

export interface SlotRequest {
  /** Who is counted: the client's address key (IPv6: its /64). */
  source: string;
  /** A known browser of the owner's, or a request already proven to be the owner's: served first. */
  first: boolean;
  /** Which attempt of its source's in the window this is (sign-in-attempts.ts); fewer ranks better. */
  attempt?: number;
}

export interface VerificationQueueOptions {
  slots: number;
  queueLength: number;
  maxWaitMs: number;
  expectedCheckMs: number;
  servedWindowMs: number;
  maxRememberedSources: number;
  now: () => number;
}

interface Waiter {
  source: string;
  first: boolean;
  /** Verifications of its source in the window when it arrived: fewer ranks better. */
  served: number;
  attempt: number;
  order: number;
  timer: NodeJS.Timeout;
  settle: (outcome: SlotOutcome) => void;
}

/** Lower is better: first-served requests, then the least-served source, then the fewest attempts. */
function compareRank(a: Waiter, b: Waiter): number {
  return Number(b.first) - Number(a.first) || a.served - b.served || a.attempt - b.attempt;
}

export class VerificationQueue {
  private readonly options: VerificationQueueOptions;
  private running = 0;
  private nextOrder = 0;
  /** How long a check has been taking lately (a moving average). */
  private checkMs: number;
  private readonly waiters: Waiter[] = [];
  /** Sources with an attempt waiting (first-served requests are not limited to one). */
  private readonly waitingSources = new Set<string>();
  /** Verifications started per source in the current window; a Map keeps insertion order for forgetting. */
  private readonly served = new Map<string, { count: number; until: number }>();

  constructor(options: Partial<VerificationQueueOptions> = {}) {
    this.options = {
      slots: DEFAULT_SLOTS,
      queueLength: QUEUE_LENGTH,
      maxWaitMs: MAX_WAIT_MS,
      expectedCheckMs: EXPECTED_CHECK_MS,
      servedWindowMs: SERVED_WINDOW_MS,
      maxRememberedSources: MAX_REMEMBERED_SOURCES,
      now: Date.now,
      ...options,
    };
    this.checkMs = this.options.expectedCheckMs;
  }

  /** As many waiters as the slots can serve within the longest wait, at the recent pace. */
  private get queueLength(): number {
    const servable = Math.floor((this.options.slots * this.options.maxWaitMs) / Math.max(1, this.checkMs));
    return Math.max(1, Math.min(this.options.queueLength, servable));
  }

  setSlots(count: number): void {
    this.options.slots = count;
    this.pump();
  }

  /** How many verifications are running and waiting now. */
  get load(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.waiters.length };
  }

  /** A slot at once when one is free, else a place in the queue (or a refusal, see the class's rules). */
  take({ source, first, attempt = 0 }: SlotRequest): Promise<SlotOutcome> {
    if (this.running < this.options.slots && this.waiters.length === 0) {
      return Promise.resolve({ release: this.start(source) });
    }
    if (!first && this.waitingSources.has(source)) return Promise.resolve({ refused: 'source_waiting' });
    return new Promise((resolve) => {
      const waiter: Waiter = {
        source,
        first,
        served: this.servedCount(source),
        attempt,
        order: this.nextOrder++,
        timer: setTimeout(() => {
          this.remove(waiter);
          resolve({ refused: 'timed_out' });
        }, this.options.maxWaitMs),
        settle: resolve,
      };
      if (this.waiters.length >= this.queueLength) {
        const worst = this.worstWaiter();
        if (!worst || compareRank(waiter, worst) >= 0) {
          clearTimeout(waiter.timer);
          resolve({ refused: 'queue_full' });
          return;
        }
        this.remove(worst);
        worst.settle({ refused: 'pushed_out' });
      }
      this.waiters.push(waiter);
      if (!first) this.waitingSources.add(source);
    });
  }

  private start(source: string): () => void {
    this.running++;
    this.countServed(source);
    const started = this.options.now();
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.running--;
      this.checkMs = 0.8 * this.checkMs + 0.2 * (this.options.now() - started);
      this.pump();
    };
  }

  private pump(): void {
    while (this.running < this.options.slots && this.waiters.length > 0) {
      const best = this.bestWaiter();
      if (!best) return;
      this.remove(best);
      best.settle({ release: this.start(best.source) });
    }
  }

  private bestWaiter(): Waiter | undefined {
    let best: Waiter | undefined;
    for (const waiter of this.waiters) {
      if (!best || compareRank(waiter, best) < 0 || (compareRank(waiter, best) === 0 && waiter.order < best.order)) {
        best = waiter;
      }
    }
    return best;
  }

  private worstWaiter(): Waiter | undefined {
    let worst: Waiter | undefined;
    for (const waiter of this.waiters) {
      if (
        !worst ||
        compareRank(waiter, worst) > 0 ||
        (compareRank(waiter, worst) === 0 && waiter.order > worst.order)
      ) {
        worst = waiter;
      }
    }
    return worst;
  }

  private remove(waiter: Waiter): void {
    clearTimeout(waiter.timer);
    const index = this.waiters.indexOf(waiter);
    if (index >= 0) this.waiters.splice(index, 1);
    if (!waiter.first) this.waitingSources.delete(waiter.source);
  }

  private servedCount(source: string): number {
    const entry = this.served.get(source);
    return entry && entry.until > this.options.now() ? entry.count : 0;
  }

  private countServed(source: string): void {
    const now = this.options.now();
    const entry = this.served.get(source);
    const count = entry && entry.until > now ? entry.count + 1 : 1;
    // Deleted and set again, so the Map's order is by last use and the oldest are forgotten first.
    this.served.delete(source);
    this.served.set(source, {
      count,
      until: entry && entry.until > now ? entry.until : now + this.options.servedWindowMs,
    });
    for (const oldest of this.served.keys()) {
      if (this.served.size <= this.options.maxRememberedSources) break;
      this.served.delete(oldest);
    }
  }
}

const processQueue = new VerificationQueue();

/** Waits for one of the process's verification slots (see the rules above). */
export function takeVerificationSlot(request: SlotRequest): Promise<SlotOutcome> {
  return processQueue.take(request);
}

/**
 * Changes the number of slots (the default when no number is given). Only tests that need many
 * verifications at once use it, to look at the database's lockout without this cap in the way.
 */
export function setVerificationSlots(count = DEFAULT_SLOTS): void {
  processQueue.setSlots(count);
}
