import { runIpoPass } from './pass';
import type { Db } from '../../db/client';

/** How often the IPO clock looks: dates are to the minute, so a few seconds late is on time. */
export const IPO_PASS_MS = 5_000;

/**
 * The IPO pass as a job the owner of the partition runs (server/jobs.ts): a pass every
 * `intervalMs` of real time, dated by the engines' clock (virtual in tests), never overlapping
 * itself; stop() waits for a pass under way.
 */
export function startIpoJob(opts: {
  db: Db;
  clock: { now(): number };
  intervalMs: number;
  log: { error(obj: object, msg: string): void };
}): { stop(): Promise<void> } {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> = Promise.resolve();
  let stopped = false;
  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      running = runIpoPass(opts.db, opts.clock.now())
        .then(() => undefined)
        .catch((error: unknown) => opts.log.error({ err: error }, 'IPO pass failed'))
        .finally(schedule);
    }, opts.intervalMs);
    timer.unref();
  };
  schedule();
  return {
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
