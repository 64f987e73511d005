import { describe, expect, it } from 'vitest';
import { type SlotOutcome, VerificationQueue } from './verification-slots.js';

/** Resolves to what a take came to, or 'waiting' when it has not settled within a turn of the loop. */
async function settled(outcome: Promise<SlotOutcome>): Promise<SlotOutcome | 'waiting'> {
  return Promise.race([outcome, new Promise<'waiting'>((resolve) => setTimeout(() => resolve('waiting'), 5))]);
}

function released(outcome: SlotOutcome | 'waiting'): () => void {
  if (outcome === 'waiting' || !('release' in outcome)) throw new Error(`no slot: ${JSON.stringify(outcome)}`);
  return outcome.release;
}

const anyone = (source: string) => ({ source, first: false });

describe('the fair queue for password verifications', () => {
  it('gives free slots at once, queues the rest and serves them as slots come free', async () => {
    const queue = new VerificationQueue({ slots: 2 });
    const a = released(await settled(queue.take(anyone('a'))));
    released(await settled(queue.take(anyone('b'))));
    const c = queue.take(anyone('c'));
    expect(await settled(c)).toBe('waiting');
    expect(queue.load).toEqual({ running: 2, waiting: 1 });
    a();
    released(await settled(c));
    // Releasing twice gives back one slot only.
    a();
    expect(queue.load).toEqual({ running: 2, waiting: 0 });
  });

  it('lets one source wait with one attempt only', async () => {
    const queue = new VerificationQueue({ slots: 1 });
    released(await settled(queue.take(anyone('x'))));
    expect(await settled(queue.take(anyone('a')))).toBe('waiting');
    expect(await settled(queue.take(anyone('a')))).toEqual({ refused: 'source_waiting' });
    expect(await settled(queue.take(anyone('b')))).toBe('waiting');
  });

  it('serves a source that has not been verified lately before one that has, whatever the order they came in', async () => {
    const queue = new VerificationQueue({ slots: 1 });
    released(await settled(queue.take(anyone('bot'))))();
    const busy = released(await settled(queue.take(anyone('other'))));
    const bot = queue.take(anyone('bot'));
    const owner = queue.take(anyone('owner'));
    busy();
    const ownerTurn = released(await settled(owner));
    expect(await settled(bot)).toBe('waiting');
    ownerTurn();
    released(await settled(bot));
  });

  it('among sources not verified lately, serves the one that has asked least first', async () => {
    const queue = new VerificationQueue({ slots: 1 });
    const busy = released(await settled(queue.take(anyone('x'))));
    const knocking = queue.take({ source: 'bot', first: false, attempt: 4 });
    const owner = queue.take({ source: 'owner', first: false, attempt: 2 });
    busy();
    released(await settled(owner));
    expect(await settled(knocking)).toBe('waiting');
  });

  it('is bounded: an equal newcomer is refused at once, a better-ranked one pushes out the worst waiter', async () => {
    const queue = new VerificationQueue({ slots: 1, queueLength: 2 });
    released(await settled(queue.take(anyone('served'))))();
    released(await settled(queue.take(anyone('x'))));
    const fresh = queue.take(anyone('fresh'));
    const served = queue.take(anyone('served'));
    expect(await settled(queue.take(anyone('another fresh')))).toBe('waiting');
    expect(await settled(served)).toEqual({ refused: 'pushed_out' });
    expect(await settled(queue.take(anyone('third fresh')))).toEqual({ refused: 'queue_full' });
    expect(await settled(fresh)).toBe('waiting');
  });

  it("puts the owner's known browser before everyone, also when the queue is full", async () => {
    const queue = new VerificationQueue({ slots: 1, queueLength: 2 });
    const busy = released(await settled(queue.take(anyone('x'))));
    const early = queue.take(anyone('early'));
    const later = queue.take(anyone('later'));
    const owner = queue.take({ source: 'later', first: true });
    expect(await settled(later)).toEqual({ refused: 'pushed_out' });
    busy();
    released(await settled(owner));
    expect(await settled(early)).toBe('waiting');
  });

  it('refuses an attempt that waited its longest', async () => {
    const queue = new VerificationQueue({ slots: 1, maxWaitMs: 30 });
    released(await settled(queue.take(anyone('x'))));
    const waiting = queue.take(anyone('a'));
    expect(await settled(waiting)).toBe('waiting');
    expect(await waiting).toEqual({ refused: 'timed_out' });
    expect(queue.load).toEqual({ running: 1, waiting: 0 });
  });

  it('keeps the queue as short as the recent pace of checks can serve within the longest wait', async () => {
    let now = 0;
    const queue = new VerificationQueue({ slots: 1, maxWaitMs: 1_000, expectedCheckMs: 100, now: () => now });
    // Ten checks of 1 s each: the queue shrinks to one waiter.
    for (let check = 0; check < 10; check++) {
      const release = released(await settled(queue.take(anyone(`slow ${check}`))));
      now += 1_000;
      release();
    }
    released(await settled(queue.take(anyone('x'))));
    expect(await settled(queue.take(anyone('a')))).toBe('waiting');
    expect(await settled(queue.take(anyone('b')))).toEqual({ refused: 'queue_full' });
  });
});
