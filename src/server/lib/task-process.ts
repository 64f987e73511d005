import { type ChildProcess, fork } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** What passes from the server to a task process: one task, named by its id. */
export interface TaskMessage<Task> {
  id: number;
  task: Task;
}
/** What a task process answers: any number of replies to a task, then that it is done (or failed). */
export type TaskProcessMessage = { id: number; reply: unknown } | { id: number; done: true; error?: string };

/** A task as handed to the process when its turn comes, and what to do once it is over (remove its files). */
export interface PreparedTask<Task> {
  task: Task;
  cleanUp?: () => Promise<void>;
}

export interface TaskProcessOptions {
  /**
   * The child's module beside the caller, without its extension: `import.meta.url` of the caller and
   * the file's name. From the build the compiled child runs; from the sources (tests, benches) the
   * TypeScript one, through tsx.
   */
  besides: string;
  name: string;
  /** How long an idle process is kept for the next task before it is let go. */
  idleMs: number;
  /** How long a task may take: then its process is killed and the task fails (none: no limit). */
  timeLimitMs?: number;
  /** Hears of each process started (tests count them). */
  onStart?: (child: ChildProcess) => void;
}

/**
 * A child process that runs tasks one at a time, started on the first and ended when idle (the
 * pictures' sharp, the CV's react-pdf). What a library once took stays with the child and is given
 * back when it exits: glibc keeps freed memory long after, so in the server it would stay for good.
 * A task waits for the ones before it; a child that dies answers its task with an error, and the next
 * task starts a new one.
 */
export class TaskProcess<Task> {
  readonly #entry: string;
  readonly #fromSource: boolean;
  readonly #options: TaskProcessOptions;
  #child: ChildProcess | undefined;
  #idle: NodeJS.Timeout | undefined;
  #turn: Promise<unknown> = Promise.resolve();
  #lastId = 0;

  constructor(callerUrl: string, options: TaskProcessOptions) {
    const caller = fileURLToPath(callerUrl);
    this.#fromSource = caller.endsWith('.ts');
    this.#entry = path.join(path.dirname(caller), `${options.besides}.${this.#fromSource ? 'ts' : 'js'}`);
    this.#options = options;
  }

  /**
   * Runs a task after the tasks before it; `onReply` hears each reply as it comes; answers them all.
   * The task is made when its turn comes, so queued tasks hold nothing big while they wait.
   */
  run<Reply>(makeTask: () => PreparedTask<Task> | Promise<PreparedTask<Task>>, onReply?: (reply: Reply) => void) {
    const next = async () => {
      clearTimeout(this.#idle);
      const { task, cleanUp } = await makeTask();
      try {
        return await this.#send(task, ++this.#lastId, onReply);
      } finally {
        await cleanUp?.();
      }
    };
    const turn = this.#turn.then(next, next);
    this.#turn = turn.catch(() => undefined);
    return turn;
  }

  #start(): ChildProcess {
    const child = fork(this.#entry, [], {
      serialization: 'advanced',
      execArgv: this.#fromSource ? ['--import', 'tsx'] : [],
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    });
    const forget = () => {
      if (this.#child === child) this.#child = undefined;
    };
    child.once('exit', forget);
    child.once('error', forget);
    // Only a task under way keeps the server's event loop alive (its channel is referenced then).
    child.unref();
    this.#child = child;
    this.#options.onStart?.(child);
    return child;
  }

  #send<Reply>(task: Task, id: number, onReply?: (reply: Reply) => void): Promise<Reply[]> {
    const child = this.#child ?? this.#start();
    child.channel?.ref();
    return new Promise<Reply[]>((resolve, reject) => {
      const replies: Reply[] = [];
      const { timeLimitMs } = this.#options;
      let overdue = false;
      // A task that never ends would hold every task behind it: its process is killed instead.
      const timer =
        timeLimitMs === undefined
          ? undefined
          : setTimeout(() => {
              overdue = true;
              child.kill('SIGKILL');
            }, timeLimitMs);
      const finish = () => {
        clearTimeout(timer);
        child.off('message', onMessage);
        child.off('exit', onStop);
        child.off('error', onStop);
        child.channel?.unref();
        this.#idleLater(child);
      };
      const onMessage = (message: TaskProcessMessage) => {
        if (message.id !== id) return;
        if ('done' in message) {
          finish();
          if (message.error === undefined) resolve(replies);
          else reject(new Error(message.error));
          return;
        }
        replies.push(message.reply as Reply);
        onReply?.(message.reply as Reply);
      };
      const onStop = () => {
        finish();
        reject(
          new Error(
            overdue
              ? `the ${this.#options.name} took more than ${timeLimitMs} ms and was stopped`
              : `the ${this.#options.name} stopped before it finished`,
          ),
        );
      };
      child.on('message', onMessage);
      child.once('exit', onStop);
      child.once('error', onStop);
      child.send({ id, task } satisfies TaskMessage<Task>, (error) => {
        if (error) onStop();
      });
    });
  }

  #idleLater(child: ChildProcess): void {
    clearTimeout(this.#idle);
    this.#idle = setTimeout(() => {
      if (this.#child !== child) return;
      this.#child = undefined;
      // Without its channel the child has nothing left to do and exits.
      if (child.connected) child.disconnect();
    }, this.#options.idleMs);
    this.#idle.unref();
  }
}

/**
 * The child's side: runs each task the server sends with `handle`, which may `reply` any number of
 * times, then tells the server it is done, or failed with the error's message. One task at a time:
 * the server sends the next only when this one is done.
 */
export function serveTasks<Task>(handle: (task: Task, reply: (reply: unknown) => Promise<void>) => Promise<void>) {
  const send = (message: TaskProcessMessage) =>
    new Promise<void>((resolve) => {
      if (!process.send) resolve();
      else process.send(message, () => resolve());
    });
  const run = async ({ id, task }: TaskMessage<Task>) => {
    try {
      await handle(task, (reply) => send({ id, reply }));
      await send({ id, done: true });
    } catch (error) {
      await send({ id, done: true, error: error instanceof Error ? error.message : String(error) });
    }
  };
  // Tasks come one at a time from the server, but are chained anyway so none ever overlaps another.
  let previous: Promise<void> = Promise.resolve();
  process.on('message', (message: TaskMessage<Task>) => {
    previous = previous.then(() => run(message));
  });
}
