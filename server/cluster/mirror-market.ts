import { INTERVAL_MS, type Interval } from '../../domain/market/instrument';
import type { BookSnapshot, MarketStatus, Trade } from '../../domain/protocol/market';
import type { Bus } from '../bus/bus';
import { CandleStore } from '../market/binance/candle-store';
import type {
  Instrument,
  MarketEvent,
  MarketListener,
  MarketSource,
  SourceMark,
  SourceTicker,
  TradedBars,
  TradedMarket,
} from '../market/source';
import type { FrameFeed, StreamFrame } from '../ws/stream-frames';
import { FrameRelay } from './market-wire';
import type { OwnerName } from './owner';
import { askOwner } from './ask-owner';
import { partitionSubjects, type PartitionSubjects } from './subjects';
import { MirrorBooks } from './mirror-books';
import { PendingFrames } from './mirror-pending';
import { MIRROR_TRADES, unheardStatus, type MarketSnapshot, type SnapshotAsk } from './mirror-snapshot';

/** Books of 1,000 levels a side are ~40 KB of JSON: a dozen symbols stay far under 1 MB. */
const SYMBOLS_PER_ANSWER = 12;

/**
 * How far back the bars of an interval nobody asked this node for are kept: enough for a
 * takeover to go on from what traded around it, while a follower running for weeks keeps a few
 * MB of them rather than every symbol's 1,500 bars of every interval (~100 MB). At least 25 of
 * an interval's bars: a coin's 24-hour figures are read from its hourly ones.
 */
export const RECORDED_MS = 6 * 3_600_000;
const recordedMs = (interval: Interval) => Math.max(RECORDED_MS, 25 * INTERVAL_MS[interval]);

/**
 * A follower's market: the owner's source as seen through the bus. Quotes, books,
 * trades and bars follow the owner's events, so every node shows the same prices with the
 * owner's book sequence; history is asked for on an interval's first use (until it lands the
 * answer holds live bars only, as with the Binance adapter). It executes nothing: orders go to
 * the owner, whose engines fill against its own source.
 */
export class MirrorMarket implements MarketSource, FrameFeed {
  private instrumentList: Instrument[] = [];
  private volatilities = new Map<string, number>();
  private readonly bySymbol = new Map<string, Instrument>();
  private readonly tickers = new Map<string, SourceTicker>();
  private readonly marks = new Map<string, SourceMark>();
  private readonly statuses = new Map<string, MarketStatus>();
  private readonly books = new MirrorBooks((symbol) => this.resnapshot(symbol));
  private readonly tradeLists = new Map<string, Trade[]>();
  private readonly bars = new Map<string, CandleStore>();
  private readonly loading = new Map<string, Promise<void>>();
  private readonly listeners = new Set<MarketListener>();
  /** The owner's frames: read into this mirror, their bytes handed on to this node's sockets. */
  private readonly relay = new FrameRelay();
  /** The frames forwarded and not read yet: read when their stream's state is (mirror-pending.ts). */
  private readonly pending = new PendingFrames((event) => this.onEvent(event));
  private readonly sink = {
    eager: () => this.listeners.size > 0,
    apply: (event: MarketEvent) => this.onEvent(event),
    keep: (key: string, frame: string) => this.pending.add(key, frame),
  };
  private off: (() => void) | null = null;
  /** Settled once the first snapshot is in: instruments waited for are here then. */
  private loaded = false;
  private arrive = () => {};
  private readonly arrived = new Promise<void>((resolve) => (this.arrive = resolve));

  constructor(
    private readonly bus: Bus,
    private readonly owner: OwnerName,
    private readonly now: () => number = Date.now,
    /** Whose market this mirrors: the first partition's unless told (subjects.ts). */
    private readonly subjects: PartitionSubjects = partitionSubjects(0),
  ) {}

  /**
   * Subscribes first, then takes the snapshot: events between the two are applied over it. The
   * catalogue and quotes come in one answer, books and trades in answers of a few symbols each
   * (a bus message has a size limit: NATS's default is 1 MB).
   */
  async load(): Promise<void> {
    this.off = this.bus.subscribeText(this.subjects.market, (text) => this.relay.take(text, this.sink));
    const catalogue = await this.snapshot({ books: false });
    const symbols = catalogue.instruments.map((i) => i.symbol);
    const parts: string[][] = [];
    for (let i = 0; i < symbols.length; i += SYMBOLS_PER_ANSWER)
      parts.push(symbols.slice(i, i + SYMBOLS_PER_ANSWER));
    const books = await Promise.all(parts.map((part) => this.snapshot({ symbols: part })));
    this.instrumentList = catalogue.instruments;
    this.volatilities = new Map(catalogue.volatility ?? []);
    for (const inst of catalogue.instruments) this.bySymbol.set(inst.symbol, inst);
    for (const status of catalogue.status) this.statuses.set(status.market, status);
    this.take(catalogue);
    for (const part of books) this.take(part);
    this.loaded = true;
    this.arrive();
  }

  /** Until the owner's first snapshot is in, every instrument is on its way. */
  instrumentPending(): Promise<void> | null {
    return this.loaded ? null : this.arrived;
  }

  private async snapshot(ask: SnapshotAsk): Promise<MarketSnapshot> {
    return (await this.ask(this.subjects.marketSnapshot, ask)) as MarketSnapshot;
  }

  private ask(subject: (owner: string) => string, data: unknown): Promise<unknown> {
    return askOwner(this.bus, this.owner, subject, data);
  }

  private take(snapshot: MarketSnapshot): void {
    // What came before the snapshot first, as if read as it came: the snapshot is newer.
    this.pending.readAll();
    for (const t of snapshot.tickers)
      if ((this.tickers.get(t.symbol)?.t ?? 0) <= t.t) this.tickers.set(t.symbol, t);
    for (const m of snapshot.marks)
      if ((this.marks.get(m.symbol)?.t ?? 0) <= m.t) this.marks.set(m.symbol, m);
    for (const b of snapshot.books) this.books.take(b);
    for (const { symbol, trades } of snapshot.trades)
      if (!this.tradeLists.has(symbol)) this.tradeLists.set(symbol, trades);
  }

  onFrame(listener: (frame: StreamFrame) => void): () => void {
    return this.relay.onFrame(listener);
  }

  lastSeq(key: string): number | undefined {
    return this.relay.lastSeq(key);
  }

  private onEvent(event: MarketEvent): void {
    switch (event.type) {
      case 'ticker':
        this.tickers.set(event.symbol, event.ticker);
        break;
      case 'mark':
        this.marks.set(event.symbol, event.mark);
        break;
      case 'status':
        this.statuses.set(event.status.market, event.status);
        break;
      case 'trades': {
        const list = [...(this.tradeLists.get(event.symbol) ?? []), ...event.trades];
        this.tradeLists.set(event.symbol, list.slice(-MIRROR_TRADES));
        break;
      }
      case 'candle': {
        // Kept whether or not anyone asked for the interval yet: a takeover goes on from them.
        const store = this.store(event.symbol, event.interval);
        if (store.live(event.candle) && store.state === 'empty')
          store.dropBefore(event.candle.t - recordedMs(event.interval));
        break;
      }
      case 'book':
        this.books.onBook(event);
        break;
    }
    for (const listener of [...this.listeners]) {
      try {
        listener(event);
      } catch {
        // A consumer's failure is its own.
      }
    }
  }

  /** The owner's snapshot of one book, after a gap in its diffs. */
  private async resnapshot(symbol: string): Promise<void> {
    this.take(await this.snapshot({ symbols: [symbol] }));
  }

  private loadBars(symbol: string, interval: Interval, store: CandleStore): void {
    store.state = 'loading';
    const key = `${symbol}|${interval}`;
    const load = (async () => {
      try {
        const answer = await this.ask(this.subjects.marketCandles, { symbol, interval });
        store.history(answer as Parameters<CandleStore['history']>[0]);
      } catch {
        store.state = 'empty'; // asked again on the next use
      } finally {
        this.loading.delete(key);
      }
    })();
    this.loading.set(key, load);
  }

  historyPending(symbol: string, interval: Interval): Promise<void> | null {
    return this.loading.get(`${symbol}|${interval}`) ?? null;
  }

  instruments(): readonly Instrument[] {
    return this.instrumentList;
  }
  instrument(symbol: string): Instrument | undefined {
    return this.bySymbol.get(symbol);
  }
  ticker(symbol: string): SourceTicker | undefined {
    this.pending.read(`ticker|${symbol}`);
    return this.tickers.get(symbol);
  }
  volatility(symbol: string): number | null {
    return this.volatilities.get(symbol) ?? null;
  }
  mark(symbol: string): SourceMark | undefined {
    this.pending.read(`mark|${symbol}`);
    return this.marks.get(symbol);
  }
  status(market: 'BIST' | 'CRYPTO'): MarketStatus {
    return this.statuses.get(market) ?? unheardStatus(market, this.now());
  }
  book(symbol: string, depth: number): BookSnapshot | undefined {
    this.pending.read(`book|${symbol}`);
    return this.books.book(symbol, depth);
  }
  trades(symbol: string, limit: number): Trade[] {
    this.pending.read(`trades|${symbol}`);
    return limit > 0 ? (this.tradeLists.get(symbol) ?? []).slice(-limit) : [];
  }
  candles(symbol: string, interval: Interval, limit: number, end?: number) {
    if (!this.bySymbol.has(symbol)) return [];
    this.pending.read(`candles:${interval}|${symbol}`);
    const store = this.store(symbol, interval);
    if (store.state === 'empty') this.loadBars(symbol, interval, store);
    return store.list(limit, end);
  }

  private store(symbol: string, interval: Interval): CandleStore {
    const key = `${symbol}|${interval}`;
    let store = this.bars.get(key);
    if (!store) this.bars.set(key, (store = new CandleStore()));
    return store;
  }

  /**
   * What this mirror holds of the owner's market, oldest first: every bar (the owner's history
   * where it was asked for, and every bar the owner published since this mirror started) and the
   * latest trades. A node taking the partition over starts its market from them
   * (server/cluster/partition.ts).
   */
  traded(): TradedMarket {
    this.pending.readAll();
    const bars = new Map<string, TradedBars>();
    for (const [key, store] of this.bars) {
      const [symbol, interval] = key.split('|') as [string, Interval];
      const list = store.list(Number.MAX_SAFE_INTEGER);
      if (list.length === 0) continue;
      let entry = bars.get(symbol);
      if (!entry) bars.set(symbol, (entry = {}));
      entry[interval] = list;
    }
    return { bars, trades: new Map(this.tradeLists), tickers: new Map(this.tickers) };
  }
  /** Orders are the owner's to fill: a follower's engines never run. */
  execute(): never {
    throw new Error('a follower node executes no orders');
  }
  on(listener: MarketListener): () => void {
    // From now on every event is read as it comes: what waits is read first, in order.
    this.pending.readAll();
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
  start(): void {}
  stop(): void {
    this.off?.();
    this.off = null;
  }
}
