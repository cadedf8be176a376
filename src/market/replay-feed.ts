import type { ReplayPatch } from '../../domain/market-data/replay-feed';

/** The worker's replay calls (ReplayFeedApi), when its implementation has them (in-thread fakes may not). */
type ReplayWorker = {
  followReplay?: (id: string | null) => unknown;
  refreshReplay?: () => unknown;
};
type Listener = (patch: ReplayPatch) => void;

let withWorker: ((act: (worker: ReplayWorker) => void) => void) | null = null;
let current: { id: string; listener: Listener } | null = null;

/**
 * client-start.ts registers how to reach the running worker (no import cycle): `run` calls back
 * with it at once, or once the client has loaded; calls keep their order either way.
 */
export function setReplayWorker(run: (act: (worker: object) => void) => void): void {
  withWorker = (act) => run((worker) => act(worker as ReplayWorker));
}

/**
 * Has the worker follow replay `id` (its frames into the chart, book and tape under replayKey
 * names) and tells `listener` its state with each patch that changed it; one replay at a time.
 * The function returned stops following: the worker stops reading and drops the replay's state.
 */
export function followReplay(id: string, listener: Listener): () => void {
  const me = { id, listener };
  current = me;
  withWorker?.((worker) => void worker.followReplay?.(id));
  return () => {
    if (current !== me) return;
    current = null;
    withWorker?.((worker) => void worker.followReplay?.(null));
  };
}

/** Reads the followed replay again now: after a control, an order or a cancel changed it. */
export function refreshReplay(): void {
  if (current) withWorker?.((worker) => void worker.refreshReplay?.());
}

/** Hands a patch's replay part to the screen following that replay (client.ts). */
export function deliverReplay(patch: ReplayPatch): void {
  if (current?.id === patch.id) current.listener(patch);
}
