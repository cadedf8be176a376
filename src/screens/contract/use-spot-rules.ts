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
const listeners = new Set<() => void>();

/** Loads the rules once; a failed load (the network) is asked again at the next call. */
export function loadSpotRules(): Promise<SpotRules> {
  loading ??= import('./spot-rules').then(
    (module) => {
      loaded = module;
      for (const listener of listeners) listener();
      return module;
    },
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
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
