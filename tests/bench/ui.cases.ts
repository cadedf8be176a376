// The built app in headless Chromium under the bench market profile (tests/bench/ui/driver.ts):
// one measurement (3 runs × 30 s, or 3 × 5 s with `--quick` / UI_BENCH_QUICK=1) feeds four
// goal rows; ratio = goal ÷ ours, at least 1 meets the goal.
import type { GoalCase } from './harness';
import { measureUi, type UiResult } from './ui/driver';

const quick = process.argv.includes('--quick') || process.env.UI_BENCH_QUICK === '1';
const RUNS = 3;
const SECONDS = quick ? 5 : 30;

/**
 * The UI's goals; lower is better for each. Two were raised where they were met: tick →
 * paint within two frames (33 ms, was 50) and no long task at all (was 50 ms in total), measured
 * while another process keeps one of the machine's cores busy (tests/bench/ui/driver.ts).
 */
const GOALS = [
  { name: 'ui-frame-p95', unit: 'ms', goal: 16.7, pick: (r: UiResult) => r.frameP95 },
  {
    name: 'ui-renders-per-change',
    unit: 'renders/change',
    goal: 1.05,
    pick: (r: UiResult) => r.rendersPerChange,
  },
  { name: 'ui-tick-to-paint-p95', unit: 'ms', goal: 33, pick: (r: UiResult) => r.tickToPaintP95 },
  { name: 'ui-long-task-ms', unit: 'ms in total', goal: 0, pick: (r: UiResult) => r.longTaskMs },
] as const;

let measured: Promise<UiResult> | null = null;
let result: UiResult | null = null;

/** Measured once, on the first UI case that runs (`--only` may skip them all). */
function measurement(): Promise<UiResult> {
  measured ??= measureUi({ runs: RUNS, seconds: SECONDS, profile: process.argv.includes('--profile') }).then(
    (r) => (result = r),
  );
  return measured;
}

export const cases: GoalCase[] = GOALS.map((g, i) => ({
  kind: 'goal',
  name: g.name,
  unit: g.unit,
  goal: g.goal,
  better: 'lower',
  measure: async () => g.pick(await measurement()),
  // Read after the case ran, so it can name what was measured.
  get note() {
    if (i !== 0 || !result) return undefined;
    return (
      `median of ${result.runs.length} runs × ${SECONDS} s, each split between the Markets tab, the ` +
      `instrument screen and (signed in, ten order lines on its chart) its kline screen, one core kept ` +
      `busy by another process; Chromium ${result.chromium}`
    );
  },
}));
