import type { Topic } from '../domain/market-data/contract';
import type { Clock } from './clock';
import type { MarketState } from './market-state';
import { startPoller } from './poller';
import type { RestOptions } from './rest';

/** How long the socket may stay down before stocks fall back to REST polling. */
export const FALLBACK_AFTER_MS = 5_000;

export type PollingDeps = {
  clock: Clock;
  state: MarketState;
  rest: () => RestOptions | null;
  /** The stock topics followed now. */
  stocks: () => Topic[];
  /** Whether the socket is open: a late answer after it is back is dropped. */
  socketOpen: () => boolean;
  changed: () => void;
};

/**
 * Stocks over REST: all the time while the page turned streaming off, and as a fallback while the
 * socket stays down (a proxy that blocks WebSockets, a broker restart); coins have no REST stream
 * and wait for the socket.
 */
export class StockPolling {
  /** Whether stocks stream (the page's choice); off, they are polled every `pollMs`. */
  streaming = true;
  private pollMs = 2_000;
  private stopPoller: (() => void) | null = null;
  private stopFallback: (() => void) | null = null;
  private fallbackTimer: unknown = null;

  constructor(private readonly deps: PollingDeps) {}

  setInterval(every: number): void {
    this.pollMs = Math.max(250, every);
  }

  /** Turns streaming on or off; the fallback starts over either way. */
  setStreaming(on: boolean): void {
    this.streaming = on;
    this.socketOpened();
    if (on) {
      this.stopPoller?.();
      this.stopPoller = null;
      if (!this.deps.socketOpen()) this.armFallback();
    } else {
      this.stopPoller = this.start(this.deps.stocks);
    }
  }

  /** The socket closed: stocks are polled if it stays down. */
  socketClosed(): void {
    if (this.fallbackTimer === null && !this.stopFallback) this.armFallback();
  }

  /** The socket is back (or the mode changed): the fallback stops. */
  socketOpened(): void {
    if (this.fallbackTimer !== null) this.deps.clock.clearTimeout(this.fallbackTimer);
    this.fallbackTimer = null;
    this.stopFallback?.();
    this.stopFallback = null;
  }

  private armFallback(): void {
    this.fallbackTimer = this.deps.clock.setTimeout(() => this.startFallback(), FALLBACK_AFTER_MS);
  }

  private startFallback(): void {
    this.fallbackTimer = null;
    const { socketOpen, stocks } = this.deps;
    if (socketOpen() || !this.streaming || this.stopFallback) return;
    // A late answer after the socket is back is dropped: the stream's snapshot is the truth then.
    this.stopFallback = this.start(() => (socketOpen() ? [] : stocks()));
  }

  private start(topics: () => Topic[]): () => void {
    const { clock, rest, state, changed } = this.deps;
    return startPoller(clock, () => this.pollMs, topics, rest, state, changed);
  }
}
