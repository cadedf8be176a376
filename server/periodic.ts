/** A clock job's timer (see server/jobs.ts). */
export type RunningPass = { stop(): Promise<void> };

/**
 * The thin timer of a job: `pass(now)` every `intervalMs` of real time, dated by the engines'
 * clock (virtual in tests), never overlapping itself; a failed pass is logged and the next one
 * comes as usual; stop() waits for a pass under way.
 */
export function startPeriodicPass(opts: {
  name: string;
  intervalMs: number;
  clock: { now(): number };
  pass: (now: number) => Promise<unknown>;
  log: { error(obj: object, msg: string): void };
}): RunningPass {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> = Promise.resolve();
  let stopped = false;
  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      running = opts
        .pass(opts.clock.now())
        .then(() => undefined)
        .catch((error: unknown) => opts.log.error({ err: error }, `${opts.name} pass failed`))
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
