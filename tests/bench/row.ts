// One benchmark row as `--json` writes it and the tables print it.
export type Row = {
  case: string;
  unit: string;
  ours: number;
  peer: number;
  ratio: number;
  /** The peer's name, or `goal` when `peer` is a goal rather than a measured library. */
  against: string;
  /** For peer cases, the ratio to reach; for goal cases, the goal (also in `peer`). */
  goal?: number;
  met?: boolean;
  others?: Record<string, number>;
  /** `peer` is this machine's floor and `goal` how many times it ours may cost. */
  floor?: true;
  /**
   * Client rows (Lighthouse, taps): the host's benchmarkIndex in this run (the median of the
   * runs) and the CPU slowdown that made it the reference phone (tests/bench/phone.ts).
   */
  benchmarkIndex?: number;
  multiplier?: number;
};

/** The goal as a table shows it, with whether this run met it. */
export function goalText(r: Row): string {
  if (r.goal === undefined) return '';
  const goal = r.floor ? `≤ ${r.goal}× floor` : r.against === 'goal' ? String(r.goal) : `≥ ${r.goal}`;
  return `${goal} ${r.met ? '✓' : '✗'}`;
}
