import type { FastifyInstance } from 'fastify';

/**
 * Runs `task` once the server is ready and then every `intervalMs`, in the background, never two
 * runs at once. Closing the server stops the timer and waits for a run in progress, so the database
 * is not closed under it. The task handles its own errors.
 */
export function runPeriodically(app: FastifyInstance, intervalMs: number, task: () => Promise<void>): void {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  const run = () => {
    if (running) return;
    running = task().finally(() => {
      running = undefined;
    });
  };
  app.addHook('onReady', async () => {
    run();
    timer = setInterval(run, intervalMs);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
}
