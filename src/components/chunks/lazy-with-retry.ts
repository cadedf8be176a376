import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { textsArrived } from '../../i18n/late-texts';

/** SPEC §8: a page chunk that has not arrived after 120 s counts as failed. */
export const CHUNK_TIMEOUT_MS = 120_000;

export class ChunkTimeoutError extends Error {
  override readonly name = 'ChunkTimeoutError';
}

export type ScreenModule = {
  default: ComponentType;
  /**
   * What the screen's first render needs beyond its own chunk and the chunks it imports (a panel
   * it loads lazily, chosen by the URL or a stored choice): awaited before the screen counts as
   * loaded, so the screen and that panel show together instead of one after the other. Started as
   * the screen's chunk arrives, not after it renders.
   */
  ready?: () => Promise<unknown>;
};
export type LazyScreen = {
  /** The current component; stable until retry(), so a loaded screen is never re-fetched. */
  current: () => ComponentType;
  /** React.lazy remembers a rejection forever, so a retry needs a fresh lazy component. */
  retry: () => void;
  /**
   * Loads the module now. Resolved before the first render asks for the screen, the screen is the
   * module's own component rather than a lazy one: it renders at once, without a Suspense fallback
   * first and the ~300 ms React then waits before revealing what replaces one (the app's first
   * screen). Never rejects: a failed load is the lazy component's to report; resolves
   * whether the module is loaded now.
   */
  preload: () => Promise<boolean>;
  /** Whether the module has arrived: current() is then the module's own component. */
  isLoaded: () => boolean;
  /** The load under way (or a new one): resolves with the module, rejects as the load fails. */
  load: () => Promise<ScreenModule>;
};

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkTimeoutError(`Chunk not loaded after ${ms} ms`)), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

/** Screen loads under way, each settling within its timeout. */
const underWay = new Set<Promise<unknown>>();

/**
 * Resolves once every screen load started so far has settled. The unit tests wait for it as a
 * file ends: a navigation a test did not wait for would otherwise go on importing the screen's
 * modules after the file's test environment is gone, and fail in whichever file runs then.
 */
export async function screenLoadsSettled(): Promise<void> {
  while (underWay.size > 0) await Promise.allSettled([...underWay]);
}

export function lazyWithRetry(load: () => Promise<ScreenModule>, timeoutMs = CHUNK_TIMEOUT_MS): LazyScreen {
  let loaded: ComponentType | null = null;
  // One load at a time: the route's slot, a preload and a lazy component asking together share it.
  // A failed one is forgotten, so the next ask (a retry) loads again.
  let inFlight: Promise<ScreenModule> | null = null;
  const fetch = () => {
    if (inFlight) return inFlight;
    // With the screen's texts, fetched apart from its code in a build (src/i18n/late-texts.ts).
    const whole = load().then((module) =>
      Promise.all([textsArrived(), module.ready?.().catch(() => undefined)]).then(() => module),
    );
    const loading = withTimeout(whole, timeoutMs).then((module) => {
      loaded = module.default;
      return module;
    });
    inFlight = loading;
    underWay.add(loading);
    const done = () => void underWay.delete(loading);
    loading.then(done, () => {
      done();
      if (inFlight === loading) inFlight = null;
    });
    return loading;
  };
  const create = (): LazyExoticComponent<ComponentType> => lazy(fetch);
  // The component handed out is fixed at the first ask: switching from the lazy one to the loaded
  // one later would be a different element type, and React would remount the screen.
  let handed: ComponentType | null = null;
  return {
    current: () => (handed ??= loaded ?? create()),
    // Asked again: the loaded module when a load has succeeded meanwhile, else a fresh lazy one.
    retry: () => {
      handed = null;
    },
    preload: () =>
      fetch().then(
        () => true,
        () => false,
      ),
    isLoaded: () => loaded !== null,
    load: fetch,
  };
}

/**
 * A failed load of the panel's code (Chromium "Failed to fetch dynamically imported module",
 * Firefox "error loading dynamically imported module", Safari "Importing a module script
 * failed"), or of its stylesheet, which Vite loads first ("Unable to preload CSS for …": with
 * the broker down that is the first request to fail) — not an error of the panel itself.
 */
export function isChunkFailure(error: unknown): boolean {
  if (error instanceof ChunkTimeoutError) return true;
  if (!(error instanceof Error)) return false;
  return (
    (error instanceof TypeError && /module/i.test(error.message)) || /^Unable to preload/.test(error.message)
  );
}
