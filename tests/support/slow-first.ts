import path from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Files that take far longer than the rest of their suite (seconds on a quiet 2-core machine).
 * Started last, such a file runs alone on one core while the others idle: the suite waits its
 * whole length after everything else is done. Started first, it runs beside the rest. Vitest
 * orders by the last run's durations when it has them, but a clean clone (CI) has none and
 * falls back to file size, which put the 160-s Monte Carlo file behind ~70 others.
 */
const SLOW_FIRST = [
  'tests/unit/options-monte-carlo.test.ts', // ~125 s: 100,000 paths of the simulator's process
  'tests/unit/worker-faults.test.ts', // ~45 s
  'tests/unit/worker-proxy-faults.test.ts', // ~27 s
  'tests/server/market-history-restart.test.ts', // ~65 s: waits into the next minute
  'tests/server/operator-cli.test.ts', // ~27 s: a CLI process per command
  'tests/server/contract-wire-equality.test.ts', // ~25 s
  'tests/server/start.test.ts', // ~21 s: brokers started from empty data
  'tests/server/auth.test.ts', // ~20 s
  'tests/server/ledger-property.test.ts', // ~20 s
];

const rank = (root: string, spec: TestSpecification) => {
  const at = SLOW_FIRST.indexOf(path.relative(root, spec.moduleId).split(path.sep).join('/'));
  return at < 0 ? SLOW_FIRST.length : at;
};

/** Vitest's order (projects one after another, failed then longest first), slow files first in each. */
export class SlowFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const root = this.ctx.config.root;
    const runs: TestSpecification[][] = [];
    for (const spec of sorted) {
      const run = runs.at(-1);
      if (run && run[0]!.project === spec.project) run.push(spec);
      else runs.push([spec]);
    }
    return runs.flatMap((run) =>
      run
        .map((spec, at) => ({ spec, at, rank: rank(root, spec) }))
        .sort((a, b) => a.rank - b.rank || a.at - b.at)
        .map(({ spec }) => spec),
    );
  }
}
