// The stage breakdown of a probed stream's updates across a cluster (server/ws/fanout-probe.ts):
// for each node, how long after the source time each update reached each stage, p50 / p99, with
// the node's GC pauses and event-loop delay, and the clients' arrival beside it.
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { ProbeRecord, ProbeTake } from '../../server/ws/fanout-probe';

const STAGES = ['computed', 'published', 'read', 'delivered', 'firstWrite', 'lastWrite'] as const;

const quantile = (sorted: readonly number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))] ?? NaN;

const fixed = (ms: number) => (Number.isNaN(ms) ? '–' : ms.toFixed(1));

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

/** One line a node: its role, each stage's p50 / p99 (ms after the source time), GC and loop delay. */
export function stageLine(
  name: string,
  take: ProbeTake,
  /** The clients' delivery latencies on this node's sockets (arrival minus source time). */
  arrivals: readonly number[],
  load: string,
): string {
  const delays = stageDelays(take.records);
  const role = delays.computed.length > 0 ? 'owner' : 'follower';
  const stages = STAGES.filter((s) => delays[s].length > 0)
    .map((s) => `${s} ${spread(delays[s])}`)
    .join(', ');
  const gc = take.gc;
  const gcSorted = [...gc.durations].sort((a, b) => a - b);
  return (
    `${name} (${role}, ${take.records.length} updates, load ${load}): ${stages}, arrival ${spread(arrivals)} ms; ` +
    `GC ${gc.count} pauses, ${fixed(gc.totalMs)} ms in all (full collections ${fixed(gc.majorMs)}), p99 ${fixed(quantile(gcSorted, 0.99))}, ` +
    `max ${fixed(gc.maxMs)} ms; event-loop delay p50 ${fixed(take.loopDelay.p50)}, p99 ` +
    `${fixed(take.loopDelay.p99)}, max ${fixed(take.loopDelay.max)} ms`
  );
}

/** Asks each node for what its probe holds (SIGUSR2) and reads it once written. */
export async function takeProbes(pids: readonly number[], dir: string): Promise<ProbeTake[]> {
  const file = (pid: number) => path.join(dir, `probe-${pid}.json`);
  for (const pid of pids) {
    rmSync(file(pid), { force: true });
    process.kill(pid, 'SIGUSR2');
  }
  const deadline = Date.now() + 10_000;
  const takes: ProbeTake[] = [];
  for (const pid of pids)
    for (;;) {
      try {
        takes.push(JSON.parse(readFileSync(file(pid), 'utf8')) as ProbeTake);
        break;
      } catch (error) {
        if (Date.now() > deadline) throw new Error(`node ${pid} wrote no probe`, { cause: error });
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
  return takes;
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
