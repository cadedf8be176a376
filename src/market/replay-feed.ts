import type { ReplayPatch } from '../../domain/market-data/replay-feed';

/** The worker's replay calls (ReplayFeedApi), when its implementation has them (in-thread fakes may not). */
type ReplayWorker = {
  followReplay?: (id: string | null) => unknown;
  refreshReplay?: () => unknown;
};
type Listener = (patch: ReplayPatch) => void;

let worker: (() => ReplayWorker) | null = null;
let current: { id: string; listener: Listener } | null = null;

/** client.ts registers how to reach the running worker (no import cycle). */
export function setReplayWorker(get: () => object): void {
  worker = () => get() as ReplayWorker;
}

/**
 * Has the worker follow replay `id` (its frames into the chart, book and tape under replayKey
 * names) and tells `listener` its state with each patch that changed it; one replay at a time.
 * The function returned stops following: the worker stops reading and drops the replay's state.
 */
export function followReplay(id: string, listener: Listener): () => void {
  const me = { id, listener };
  current = me;
  void worker?.().followReplay?.(id);
  return () => {
    if (current !== me) return;
    current = null;
    void worker?.().followReplay?.(null);
  };
}

/** Reads the followed replay again now: after a control, an order or a cancel changed it. */
export function refreshReplay(): void {
  if (current) void worker?.().refreshReplay?.();
}

/** Hands a patch's replay part to the screen following that replay (client.ts). */
export function deliverReplay(patch: ReplayPatch): void {
  if (current?.id === patch.id) current.listener(patch);
}
