import { useEffect } from 'react';
import { topicKey, type Topic } from '../../domain/market-data/contract';
import { setPrivateFeedStarter } from './private-events';
import { setReplayWorker } from './replay-feed';

/** What this module asks of the client (client.ts's MarketClient), once it has loaded. */
export type LoadedClient = {
  start(): unknown;
  running(): {
    subscribe(topic: Topic): number | Promise<number>;
    release(handle: number): unknown;
  };
  coinScales(scales: Record<string, number>): void;
};

/**
 * The market client (client.ts: comlink, the pacer, the patches' appliers, ~5 KiB of gzip) is
 * not on any screen's first load: a screen's first frame needs the market state it fills, not
 * the client. It loads as the worker starts (after the first screen's largest paint, src/main.tsx)
 * or at the first call that needs the worker (a screen that streams from its first frame, a
 * private feed's listener). A screen whose own code imports the client has it already: its calls
 * run at once.
 */
let client: LoadedClient | null = null;
let load: (() => Promise<unknown>) | null = null;
let loading: Promise<LoadedClient> | null = null;
let worker: Worker | null = null;
let waiting: ((loaded: LoadedClient) => void) | null = null;
/** Price scales read before the client loaded (coinScales), handed to it as it registers. */
let pendingScales: Record<string, number> | null = null;

/** The client module's own registration, as it is evaluated. */
export function registerMarketClient(loaded: LoadedClient): void {
  client = loaded;
  waiting?.(loaded);
  const scales = pendingScales;
  pendingScales = null;
  if (scales) loaded.coinScales(scales);
}

/**
 * How the app loads the client module (src/main.tsx: a dynamic import of client.ts, with the
 * worker created at once, so its download does not wait for the client's).
 */
export function setMarketClientLoader(loader: () => Promise<unknown>): void {
  load = loader;
}

/** The app's one market worker, created at the first call: the client wraps it. */
export function marketWorker(): Worker {
  worker ??= new Worker(new URL('../../workers/market.worker.ts', import.meta.url), { type: 'module' });
  return worker;
}

const RETRY_FIRST_MS = 1_000;
const RETRY_MAX_MS = 30_000;

/** Runs `act` with the client: now when it has loaded, else once it has (starting its worker meanwhile). */
function withClient(act: (loaded: LoadedClient) => void): void {
  if (client) return act(client);
  if (!load) return; // nothing loads it (a test that installs no market implementation)
  if (!loading) {
    const loader = load;
    loading = new Promise<LoadedClient>((resolve) => {
      waiting = resolve;
    });
    // A failed download (offline) is asked again, later each time, with the calls made meanwhile
    // kept: nothing else would ask, and the screens' topics would never stream.
    const attempt = (delayMs: number): void => {
      loader().catch(() => setTimeout(() => attempt(Math.min(delayMs * 2, RETRY_MAX_MS)), delayMs));
    };
    attempt(RETRY_FIRST_MS);
  }
  void loading.then(act);
}

/** Starts the worker and its socket without subscribing to anything (src/main.tsx). */
export function startMarketWorker(): void {
  withClient((loaded) => void loaded.start());
}

/** The pairs' price scales the page read (coin-scales.ts); the worker is not started for them. */
export function giveCoinScales(scales: Record<string, number>): void {
  if (client) client.coinScales(scales);
  else pendingScales = { ...pendingScales, ...scales };
}

// A screen that listens to private events needs the worker running.
setPrivateFeedStarter(() => withClient((loaded) => void loaded.running()));
setReplayWorker((act) => withClient((loaded) => act(loaded.running())));

/** Keeps a topic live while the calling component is mounted; null subscribes to nothing. */
export function useTopic(topic: Topic | null): void {
  const key = topic ? topicKey(topic) : null;
  useEffect(() => {
    if (!topic) return;
    let target: ReturnType<LoadedClient['running']> | null = null;
    let handle: number | null = null;
    let released = false;
    withClient((loaded) => {
      if (released) return;
      target = loaded.running();
      const running = target;
      void Promise.resolve(running.subscribe(topic)).then((h) => {
        if (released) void running.release(h);
        else handle = h;
      });
    });
    return () => {
      released = true;
      if (target && handle !== null) void target.release(handle);
    };
    // The key captures the topic's identity; a new object with the same key is the same topic.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
}
