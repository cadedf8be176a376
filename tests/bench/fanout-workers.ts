// The cluster fan-out benches' client threads (fanout-worker.ts) as the main thread drives them:
// the next message of a kind, and the wait until every socket holds its snapshot, which says how
// long subscribing took, or how far it got when it did not finish.
import { loadavg } from 'node:os';
import type { Worker } from 'node:worker_threads';
import type { Progress } from './fanout-client';

/** The worker's next message with this `op`; its `error` message rejects. */
export function nextMessage(worker: Worker, op: string): Promise<Record<string, unknown>> {
  return new Promise((resolve, reject) => {
    const on = (m: Record<string, unknown>) => {
      if (m.op === 'error') reject(new Error(String(m.message)));
      else if (m.op === op) {
        worker.off('message', on);
        resolve(m);
      }
    };
    worker.on('message', on);
    worker.once('error', reject);
  });
}

const load = () =>
  loadavg()
    .slice(0, 2)
    .map((x) => x.toFixed(1))
    .join('/');

/** One line of where subscribing stands, a worker (a node's share) each. */
async function progressLine(workers: readonly Worker[]): Promise<string> {
  const shares = await Promise.all(
    workers.map((w) => {
      const answer = nextMessage(w, 'progress');
      w.postMessage({ op: 'progress' });
      return answer as unknown as Promise<Progress>;
    }),
  );
  const refusals = [
    ...new Set(shares.flatMap((p) => p.refusals.map((r) => /"key":"(\w+)"/.exec(r)?.[1] ?? r))),
  ];
  return (
    shares
      .map(
        (p) =>
          `${p.subscribed} subscribed (${p.upgrades} upgrades, ${p.refused} reconnects, ${p.refusedAnswers} refusals)`,
      )
      .join(' / ') + (refusals.length ? `; refused with ${refusals.join(', ')}` : '')
  );
}

export type Subscribed = {
  seconds: number;
  /** Load averages (1 and 5 min) when subscribing began and when it ended. */
  loadBefore: string;
  loadAfter: string;
};

/** Waits until every worker's sockets hold their snapshot; after `timeoutMs` fails saying how far each got. */
export async function waitSubscribed(workers: readonly Worker[], timeoutMs = 180_000): Promise<Subscribed> {
  const loadBefore = load();
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      progressLine(workers).then(
        (line) =>
          reject(new Error(`sockets not subscribed within ${timeoutMs / 1000} s (load ${load()}): ${line}`)),
        reject,
      );
    }, timeoutMs);
  });
  try {
    await Promise.race([Promise.all(workers.map((w) => nextMessage(w, 'ready'))), timedOut]);
  } finally {
    clearTimeout(timer);
  }
  return { seconds: (performance.now() - started) / 1000, loadBefore, loadAfter: load() };
}
