import type { Interval } from '../../domain/market/instrument';
import {
  onOneState,
  type ExecRequest,
  type Listing,
  type MarketListener,
  type MarketSource,
} from '../market/source';
import { framesOf, type FrameFeed, type StreamFrame } from '../ws/stream-frames';

/**
 * The market a node's routes and sockets hold on to, whichever source is behind it: the owner's
 * own source while this node owns the partition, the bus mirror while it follows.
 * Listeners stay attached across a switch. Its frames are the current source's one feed
 * (stream-frames.ts): the owner's encoder, shared with the bus publisher, or the mirror's
 * forwarded bytes.
 */
export class SwitchMarket implements MarketSource, FrameFeed {
  private listeners = new Set<MarketListener>();
  private frameListeners = new Set<(frame: StreamFrame) => void>();
  private off: (() => void) | null = null;
  private offFrames: (() => void) | null = null;
  /** Settled at the next `use`: whoever waits for an instrument asks the new source. */
  private switched = settledOnce();

  constructor(
    private current: MarketSource,
    /**
     * The symbols this market holds once loaded (the partition's catalogue): while its source
     * loads, one of them is waited for and any other is unknown at once. Absent: any may come.
     */
    private readonly catalogued: (symbol: string) => boolean = () => true,
  ) {
    this.attach();
  }

  // The current source's events are listened to only while someone here listens: a follower's
  // mirror then reads the owner's frames only for the state its reads need (mirror-pending.ts).
  private attach(): void {
    if (this.listeners.size > 0) this.attachEvents();
    if (this.frameListeners.size > 0) this.attachFrames();
  }

  private attachEvents(): void {
    this.off = this.current.on((event) => {
      for (const listener of [...this.listeners]) listener(event);
    });
  }

  private attachFrames(): void {
    this.offFrames = framesOf(this.current).onFrame((frame) => {
      for (const listener of [...this.frameListeners]) listener(frame);
    });
  }

  use(next: MarketSource): void {
    this.off?.();
    this.off = null;
    this.offFrames?.();
    this.offFrames = null;
    this.current = next;
    this.attach();
    const was = this.switched;
    this.switched = settledOnce();
    was.settle();
  }

  instrumentPending(symbol?: string): Promise<void> | null {
    if (symbol !== undefined && (this.current.instrument(symbol) || !this.catalogued(symbol))) return null;
    const coming = this.current.instrumentPending?.(symbol) ?? null;
    // A source that stopped loading (a follower's mirror as the node takes the partition over) is
    // replaced: the wait ends at the switch as well.
    return coming && Promise.race([coming, this.switched.promise]);
  }

  onFrame(listener: (frame: StreamFrame) => void): () => void {
    this.frameListeners.add(listener);
    if (!this.offFrames) this.attachFrames();
    return () => {
      this.frameListeners.delete(listener);
      if (this.frameListeners.size === 0 && this.offFrames) {
        this.offFrames();
        this.offFrames = null;
      }
    };
  }

  lastSeq(key: string): number | undefined {
    return framesOf(this.current).lastSeq(key);
  }

  instruments = () => this.current.instruments();
  instrument = (symbol: string) => this.current.instrument(symbol);
  ticker = (symbol: string) => this.current.ticker(symbol);
  book = (symbol: string, depth: number) => this.current.book(symbol, depth);
  trades = (symbol: string, limit: number) => this.current.trades(symbol, limit);
  candles = (symbol: string, interval: Interval, limit: number, end?: number) =>
    this.current.candles(symbol, interval, limit, end);
  historyPending = (symbol: string, interval: Interval) =>
    this.current.historyPending?.(symbol, interval) ?? null;
  mark = (symbol: string) => this.current.mark(symbol);
  volatility = (symbol: string) => this.current.volatility?.(symbol) ?? null;
  printedSince = (symbol: string) => this.current.printedSince?.(symbol) ?? null;
  status = (market: 'BIST' | 'CRYPTO') => this.current.status(market);
  execute = (request: ExecRequest) => this.current.execute(request);
  pin = <T>(fn: () => T): T => onOneState(this.current, fn);
  on(listener: MarketListener): () => void {
    this.listeners.add(listener);
    if (!this.off) this.attachEvents();
    return () => {
      this.listeners.delete(listener);
      if (this.listeners.size === 0 && this.off) {
        this.off();
        this.off = null;
      }
    };
  }
  start(): void {}
  stop(): void {
    this.off?.();
    this.off = null;
    this.offFrames?.();
    this.offFrames = null;
  }
}

/** A promise and the call that settles it. */
function settledOnce(): { promise: Promise<void>; settle(): void } {
  let settle = () => {};
  const promise = new Promise<void>((resolve) => (settle = resolve));
  return { promise, settle };
}

/**
 * A source whose book sequence starts at `base`: a new owner's books continue above the old
 * owner's (base = the takeover time in µs), so a client that saw the old sequence reads the new
 * one as a gap and resnapshots instead of dropping it as stale.
 */
export function offsetBookSeq(source: MarketSource, base: number): MarketSource {
  return {
    instruments: () => source.instruments(),
    instrument: (s) => source.instrument(s),
    ticker: (s) => source.ticker(s),
    trades: (s, l) => source.trades(s, l),
    candles: (s, i, l, e) => source.candles(s, i, l, e),
    mark: (s) => source.mark(s),
    status: (m) => source.status(m),
    execute: (r) => source.execute(r),
    pin: (fn) => onOneState(source, fn),
    // Optional parts pass through too: without volatility a cluster's owner offered no options.
    ...(source.volatility ? { volatility: (s: string) => source.volatility?.(s) ?? null } : {}),
    // And where its prints start: the settlement clock runs on this one.
    ...(source.printedSince ? { printedSince: (s: string) => source.printedSince?.(s) ?? null } : {}),
    ...(source.historyPending
      ? { historyPending: (s: string, i: Interval) => source.historyPending?.(s, i) ?? null }
      : {}),
    ...(source.list ? { list: (l: ReadonlyMap<string, Listing>) => source.list?.(l) } : {}),
    start: () => source.start(),
    stop: () => source.stop(),
    book(symbol, depth) {
      const book = source.book(symbol, depth);
      return book && { ...book, seq: book.seq + base };
    },
    on: (listener) =>
      source.on((event) => listener(event.type === 'book' ? { ...event, seq: event.seq + base } : event)),
  };
}
