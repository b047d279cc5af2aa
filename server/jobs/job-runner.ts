import type { FastifyBaseLogger } from "fastify";

export interface Job {
  name: string;
  runOnce(): Promise<unknown>;
  /** At most this often (pruning, hourly), when the runner ticks every few seconds. */
  everyMs?: number;
}

/** A run never overlaps the last; `kick()` starts one soon, so a new order's e-mail goes out. */
export function createJobRunner(
  jobs: readonly Job[],
  intervalMs: number,
  log: FastifyBaseLogger,
  now: () => number = Date.now,
) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let again = false;
  let stopped = false;
  const lastStarted = new Map<Job, number>();

  async function runAll() {
    for (const job of jobs) {
      const last = lastStarted.get(job);
      if (job.everyMs && last !== undefined && now() - last < job.everyMs) continue;
      lastStarted.set(job, now());
      try {
        await job.runOnce();
      } catch (error) {
        log.error({ err: error, job: job.name }, "background job failed");
      }
    }
  }

  function run(): Promise<void> {
    if (running) {
      again = true;
      return running;
    }
    running = runAll().finally(() => {
      running = undefined;
      if (again && !stopped) {
        again = false;
        void run();
      }
    });
    return running;
  }

  return {
    start() {
      stopped = false;
      timer = setInterval(() => void run(), intervalMs);
      timer.unref();
      void run();
    },
    /** A run soon; it resolves when the jobs have run (at once if the runner is stopped). */
    kick(): Promise<void> {
      return stopped ? Promise.resolve() : run();
    },
    /** Stops the timer and waits for a run in progress (before the database closes). */
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      await running;
    },
  };
}
