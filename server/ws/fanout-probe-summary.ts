// Reading the fan-out probe's records (fanout-probe.ts): each stage's and each step's time, p50 /
// p99, for the bench that runs it (tests/bench/profile-cluster.ts).
import type { ProbeRecord, ProbeTake } from './fanout-probe';

export const STAGES = ['computed', 'published', 'read', 'delivered', 'firstWrite', 'lastWrite'] as const;

export const quantile = (sorted: readonly number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))] ?? NaN;

export const fixed = (ms: number) => (Number.isNaN(ms) ? '–' : ms.toFixed(1));

/** p50 / p99 of `values` (ms) as "p50 / p99", or "–" for none. */
export function spread(values: readonly number[]): string {
  if (values.length === 0) return '–';
  const sorted = [...values].sort((a, b) => a - b);
  return `${fixed(quantile(sorted, 0.5))} / ${fixed(quantile(sorted, 0.99))}`;
}

/** Each stage's delay after the source time over the records that reached it. */
export function stageDelays(records: readonly ProbeRecord[]): Record<(typeof STAGES)[number], number[]> {
  const out = Object.fromEntries(STAGES.map((s) => [s, [] as number[]])) as Record<
    (typeof STAGES)[number],
    number[]
  >;
  for (const r of records)
    for (const stage of STAGES) {
      const at = r[stage];
      if (at !== undefined) out[stage].push(at - r.t);
    }
  return out;
}

type Step = readonly [name: string, from: (typeof STAGES)[number], to: (typeof STAGES)[number]];
const OWNER_STEPS: readonly Step[] = [
  ['to the rest of the tick', 'computed', 'published'],
  ['to its own hub', 'computed', 'delivered'],
  ['hub to first write', 'delivered', 'firstWrite'],
  ['first to last write', 'firstWrite', 'lastWrite'],
];
const FOLLOWER_STEPS: readonly Step[] = [
  ['bus hop', 'published', 'read'],
  ['read to hub', 'read', 'delivered'],
  ['hub to first write', 'delivered', 'firstWrite'],
  ['first to last write', 'firstWrite', 'lastWrite'],
];

/**
 * Each step's own time, p50 / p99 over the updates that passed both its ends: the owner's steps
 * on its records, a follower's joined by seq to the owner's (its publish is the owner's stamp).
 * Quantiles of the stages after the source time do not subtract; these do.
 */
export function stepLines(takes: readonly ProbeTake[]): string[] {
  const owner = takes.find((take) => take.records.some((r) => r.computed !== undefined));
  if (!owner) return ['no owner computed the stream in the window'];
  const bySeq = new Map(owner.records.map((r) => [r.seq, r]));
  const steps = (records: readonly ProbeRecord[], list: readonly Step[]) =>
    list
      .map(([name, from, to]) => {
        const d: number[] = [];
        for (const r of records) {
          const start = r[from] ?? bySeq.get(r.seq)?.[from];
          const end = r[to];
          if (start !== undefined && end !== undefined) d.push(end - start);
        }
        return `${name} ${spread(d)}`;
      })
      .join(', ');
  const wake = owner.records.flatMap((r) => (r.computed === undefined ? [] : [r.computed - r.t]));
  return takes.map((take, i) =>
    take === owner
      ? `node ${i} (owner): source time to computed ${spread(wake)}, ${steps(take.records, OWNER_STEPS)}`
      : `node ${i} (follower): ${steps(take.records, FOLLOWER_STEPS)}`,
  );
}
