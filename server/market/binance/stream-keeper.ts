import type { BinanceTransport, StreamConnection } from './transport';

export type Timers = {
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
};

export const realTimers: Timers = {
  setTimeout: (run, ms) => setTimeout(run, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

const BASE_MS = 1_000;
const MAX_MS = 30_000;

/** Exponential backoff with jitter in [½, 1] of the step, so many clients do not retry in step. */
export function backoffMs(attempt: number, random: () => number): number {
  const step = Math.min(MAX_MS, BASE_MS * 2 ** Math.min(attempt, 10));
  return Math.round(step * (0.5 + random() / 2));
}

export type KeeperEvents = {
  /** A (re)opened stream: resubscribe state, take fresh snapshots. */
  onOpen(reconnect: boolean): void;
  onMessage(text: string): void;
  onDown(reason: string): void;
};

/** One stream kept open: on close or error, reopen the same URL after a jittered backoff. */
export function keepStream(
  url: string,
  transport: BinanceTransport,
  timers: Timers,
  random: () => number,
  events: KeeperEvents,
): { start(): void; stop(): void } {
  let connection: StreamConnection | null = null;
  let timer: unknown = null;
  let attempt = 0;
  let opened = 0;
  let running = false;

  function open(): void {
    timer = null;
    let healthy = false;
    const current: StreamConnection = transport.openStream(url, {
      onOpen: () => {
        if (connection !== current) return;
        events.onOpen(opened++ > 0);
      },
      onMessage: (text) => {
        if (connection !== current) return;
        // Only a stream that delivers counts as recovered; an open-then-drop keeps backing off.
        if (!healthy) attempt = 0;
        healthy = true;
        events.onMessage(text);
      },
      onClose: () => down(current, 'closed'),
      onError: (error) => down(current, error.message),
    });
    connection = current;
  }

  function down(which: StreamConnection, reason: string): void {
    if (connection !== which || !running) return;
    connection = null;
    which.close();
    events.onDown(reason);
    timer = timers.setTimeout(open, backoffMs(attempt++, random));
  }

  return {
    start() {
      if (running) return;
      running = true;
      open();
    },
    stop() {
      running = false;
      if (timer !== null) timers.clearTimeout(timer);
      timer = null;
      const current = connection;
      connection = null;
      current?.close();
    },
  };
}
