// The stage breakdown of a probed stream's updates across a cluster (server/ws/fanout-probe.ts):
// for each node, how long after the source time each update reached each stage, p50 / p99, with
// the node's GC pauses and event-loop delay, and the clients' arrival beside it.
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { ProbeTake } from '../../server/ws/fanout-probe';
import { fixed, quantile, spread, STAGES, stageDelays } from '../../server/ws/fanout-probe-summary';

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
