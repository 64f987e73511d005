import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { TaskProcess } from './task-process.js';

type Task = { kind: 'echo'; text: string } | { kind: 'hang' } | { kind: 'die' } | { kind: 'fail' };

// A child as small as can be, in plain JavaScript (no tsx): it answers each task as the server's
// children do, with its pid, the time it started and the time it ended.
const CHILD = `
process.on('message', ({ id, task }) => {
  const started = Date.now();
  const done = (error) => process.send(error ? { id, done: true, error } : { id, done: true });
  if (task.kind === 'hang') return;
  if (task.kind === 'die') process.exit(3);
  if (task.kind === 'fail') return done('it went wrong');
  setTimeout(() => {
    process.send({ id, reply: { text: task.text, pid: process.pid, started, ended: Date.now() } }, () => done());
  }, 50);
});
`;

describe('a task process', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'sahifa-task-process-'));
  writeFileSync(path.join(dir, 'child.js'), CHILD);
  // The child is found beside the caller: a caller that is no TypeScript file runs `child.js`.
  const callerUrl = pathToFileURL(path.join(dir, 'caller.js')).href;
  const make = (timeLimitMs?: number) =>
    new TaskProcess<Task>(callerUrl, { besides: 'child', name: 'test process', idleMs: 500, timeLimitMs });
  type Echo = { text: string; pid: number; started: number; ended: number };
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('runs tasks one at a time, in the order given, in another process', async () => {
    const tasks = make();
    const [first, second] = await Promise.all([
      tasks.run<Echo>(() => ({ task: { kind: 'echo', text: 'first' } })),
      tasks.run<Echo>(() => ({ task: { kind: 'echo', text: 'second' } })),
    ]);
    expect(first?.[0]?.text).toBe('first');
    expect(second?.[0]?.text).toBe('second');
    expect(first?.[0]?.pid).not.toBe(process.pid);
    expect(second?.[0]?.started).toBeGreaterThanOrEqual(first?.[0]?.ended ?? Number.POSITIVE_INFINITY);
  });

  it('fails a task its process fails or dies in, and runs the next in a new process', async () => {
    const tasks = make();
    await expect(tasks.run(() => ({ task: { kind: 'fail' } }))).rejects.toThrow('it went wrong');
    const [before] = await tasks.run<Echo>(() => ({ task: { kind: 'echo', text: 'before' } }));
    await expect(tasks.run(() => ({ task: { kind: 'die' } }))).rejects.toThrow(
      'the test process stopped before it finished',
    );
    const [after] = await tasks.run<Echo>(() => ({ task: { kind: 'echo', text: 'after' } }));
    expect(after?.text).toBe('after');
    expect(after?.pid).not.toBe(before?.pid);
  });

  it('stops a task that takes longer than its limit, and the tasks behind it still run', async () => {
    // The limit counts from the task's sending, so the next task's new process starts within it: on a
    // busy two-core machine that took more than 300 ms (seen in CI), hence a limit well above it.
    const tasks = make(2_000);
    const hung = tasks.run(() => ({ task: { kind: 'hang' } }));
    const next = tasks.run<Echo>(() => ({ task: { kind: 'echo', text: 'next' } }));
    await expect(hung).rejects.toThrow('the test process took more than 2000 ms and was stopped');
    expect((await next)[0]?.text).toBe('next');
  });
});
