/**
 * Counters for the UI benchmark (tests/bench/ui). Off unless `localStorage.seansBench` is '1'
 * when the app loads, so the shipped app pays one null check per call and nothing else.
 */
export type BenchCounters = {
  /** Renders per kind ('ticker-row' …), counted by the components themselves. */
  renders: Record<string, number>;
  /** Ticker changes applied per symbol: patches that change more than the time `t`. */
  changes: Map<string, number>;
  /** Per symbol, the last change's server time `t` and when it was applied (performance.now()). */
  last: Map<string, { t: number; applied: number }>;
};

function switchedOn(): boolean {
  try {
    return globalThis.localStorage?.getItem('seansBench') === '1';
  } catch {
    return false; // storage blocked: no benchmark
  }
}

const counters: BenchCounters | null = switchedOn()
  ? { renders: {}, changes: new Map(), last: new Map() }
  : null;
if (counters) (globalThis as { __seansBench?: BenchCounters }).__seansBench = counters;

export function noteRender(kind: string): void {
  if (counters) counters.renders[kind] = (counters.renders[kind] ?? 0) + 1;
}

/** A ticker patch applied to state (src/state/market.ts applyPatch); a bare new `t` is no change. */
export function noteTickerChange(symbol: string, changes: { t?: number }): void {
  if (!counters) return;
  let keys = 0;
  for (const key in changes) if (key !== 't') keys += 1;
  if (keys === 0) return;
  counters.changes.set(symbol, (counters.changes.get(symbol) ?? 0) + 1);
  if (changes.t !== undefined) counters.last.set(symbol, { t: changes.t, applied: performance.now() });
}
