import { useSyncExternalStore } from 'react';
import type * as Rules from './spot-rules';

/**
 * The spot ticket's rules (./spot-rules.ts, with decimal.js), loaded apart from its first paint:
 * SpotPanel asks for them after its largest paint, a first input on the form at once. Kept for
 * the page's life: the ticket opened again computes in its first render.
 */
export type SpotRules = typeof Rules;

let loaded: SpotRules | null = null;
let loading: Promise<SpotRules> | null = null;
/** The last load failed and none has arrived since: what waits for the rules offers a retry. */
let failed = false;
const listeners = new Set<() => void>();
const changed = () => {
  for (const listener of listeners) listener();
};

/** The rules' chunk, fetched through this table so a test can fail it once (vi.spyOn). */
export const spotRulesChunk = { load: (): Promise<SpotRules> => import('./spot-rules') };

/** Loads the rules once; a failed load (the network) is asked again at the next call. */
export function loadSpotRules(): Promise<SpotRules> {
  loading ??= spotRulesChunk.load().then(
    (module) => {
      loaded = module;
      failed = false;
      changed();
      return module;
    },
    (error: unknown) => {
      loading = null;
      if (!failed) {
        failed = true;
        changed();
      }
      throw error;
    },
  );
  return loading;
}

/** Asks again, for a tap on Retry: what waits for the rules shows its skeleton until this load settles. */
export function retrySpotRules(): void {
  if (failed) {
    failed = false;
    changed();
  }
  wantSpotRules();
}

/** Loads the rules if they are not in, for the retries made without a tap: whether they are in now. */
export function preloadSpotRules(): Promise<boolean> {
  return loadSpotRules().then(
    () => true,
    () => false,
  );
}

/** Starts loading the rules, for an input that will need them; a failure is retried by the next. */
export function wantSpotRules(): void {
  loadSpotRules().catch(() => undefined);
}

/** Runs `run` with the rules: at once when they are in, else once they arrive (a step tapped before). */
export function withSpotRules(run: (rules: SpotRules) => void): void {
  if (loaded) run(loaded);
  else loadSpotRules().then(run, () => undefined);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The rules once loaded, else null (the ticket then shows its fields empty and its costs `--`). */
export function useSpotRules(): SpotRules | null {
  return useSyncExternalStore(subscribe, () => loaded);
}

/** Whether the rules' last load failed (offline): a part that cannot do without them offers a retry. */
export function useSpotRulesFailed(): boolean {
  return useSyncExternalStore(subscribe, () => failed && loaded === null);
}
