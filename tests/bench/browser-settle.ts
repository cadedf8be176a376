// A fresh Chromium's own start-up work, waited out before a measured load (lighthouse.cases.ts):
// read from /proc as the CPU time of the processes that carry the browser's profile.
import { readdir, readFile } from 'node:fs/promises';

/** CPU time (clock ticks) of every process of the Chromium using `profile`; undefined without /proc. */
async function chromiumTicks(profile: string): Promise<number | undefined> {
  let entries: string[];
  try {
    entries = await readdir('/proc');
  } catch {
    return undefined;
  }
  let ticks = 0;
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (!(await readFile(`/proc/${entry}/cmdline`, 'utf8')).includes(profile)) continue;
      const stat = await readFile(`/proc/${entry}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ticks += Number(fields[11]) + Number(fields[12]); // utime + stime
    } catch {
      // The process ended between the listing and the read.
    }
  }
  return ticks;
}

const SETTLE_STEP_MS = 500;
/** At most this much CPU (clock ticks, 10 ms each) in a step counts as quiet: 10 % of one core. */
const QUIET_TICKS = 5;
const SETTLE_MAX_MS = 20_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Waits until the browser's own start-up work is done, so that it does not share the machine's
 * two cores with the page under test: Chromium 156.0.8078.108 builds its omnibox popup (a WebUI
 * renderer) at start, 1.3–2.1 s of CPU here, which Lighthouse's CLI, loading the page the moment
 * the browser answers, measured as the page's own blocking time (docs/benchmarks-history.md).
 * Returns how long it waited.
 */
export async function settle(profile: string): Promise<number> {
  const start = Date.now();
  let last = await chromiumTicks(profile);
  if (last === undefined) {
    await sleep(5_000); // no /proc: a fixed wait longer than the start-up work measured
    return Date.now() - start;
  }
  let quietSteps = 0;
  while (quietSteps < 2 && Date.now() - start < SETTLE_MAX_MS) {
    await sleep(SETTLE_STEP_MS);
    const now: number = (await chromiumTicks(profile)) ?? last;
    quietSteps = now - last <= QUIET_TICKS ? quietSteps + 1 : 0;
    last = now;
  }
  return Date.now() - start;
}
