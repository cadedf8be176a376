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

/**
 * Runs `work` for each item in turn, keeping each failure apart: one offering whose step fails (a
 * bug, or a row left short as a demo reset once left it) must not hold up the allocation, refunds
 * and listings of every offering after it, real investors' included. The failures are thrown
 * together once every item had its turn, so the job's log still shows each one.
 */
export async function eachApart<T>(items: readonly T[], work: (item: T) => Promise<void>): Promise<void> {
  const failures: unknown[] = [];
  for (const item of items) {
    try {
      await work(item);
    } catch (error) {
      failures.push(error);
    }
  }
  if (failures.length === 1) throw failures[0];
  if (failures.length > 1) throw new AggregateError(failures, `${failures.length} items of a pass failed`);
}
