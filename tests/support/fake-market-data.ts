import type {
  TickerView,
  FeedStats,
  MarketDataApi,
  MarketPatch,
  OptionQuoteInput,
  OptionQuotesApi,
  StreamHealth,
  Topic,
} from '../../domain/market-data/contract';
import { topicKey } from '../../domain/market-data/contract';
import { LiveOptionQuotes } from '../../workers/option-quotes';

/**
 * An in-thread MarketDataApi for tests and screenshots (setMarketDataApi): it records what is
 * subscribed and hands out queued patches, one per flush, as the worker would. A new stream is
 * posted live with the next flush (a healthy server), unless a test set `streamState` first.
 * Option quotes are priced as the worker does (its own LiveOptionQuotes, on Date.now()), on the
 * tickers of the pushed patches.
 */
/** A ticker as the worker posts it, flat at `last` unless `prev` says where the day began. */
export function tickerView(symbol: string, last: string, prev = last): TickerView {
  return {
    symbol,
    last,
    prev,
    open: prev,
    high: last,
    low: prev,
    change: '0',
    pct: '0',
    vol: '0',
    turnover: '0',
    t: 1,
    dir: 0,
  };
}

export class FakeMarketData implements MarketDataApi, OptionQuotesApi {
  readonly queue: MarketPatch[] = [];
  /** Live handle → topic key. */
  readonly handles = new Map<number, string>();
  /** Every subscribe, in order, by topic key. */
  readonly subscribed: string[] = [];
  private next = 1;
  /** Stream healths to post with the next flush, by topic key. */
  private readonly health = new Map<string, StreamHealth>();
  private readonly known = new Set<string>();

  connect(): void {}
  setLocale(): void {}

  subscribe(topic: Topic): number {
    const handle = this.next++;
    const key = topicKey(topic);
    this.handles.set(handle, key);
    this.subscribed.push(key);
    if (!this.known.has(key)) {
      this.known.add(key);
      if (!this.health.has(key)) this.health.set(key, { state: 'live', heard: 1, reason: null });
    }
    return handle;
  }

  release(handle: number): void {
    this.handles.delete(handle);
  }

  /** Topic keys with at least one live handle. */
  active(): string[] {
    return [...new Set(this.handles.values())].sort();
  }

  /** Every setStreaming call, in order, as [streaming, pollMs]. */
  readonly streaming: [boolean, number][] = [];
  setStreaming(on: boolean, pollMs: number): void {
    this.streaming.push([on, pollMs]);
  }
  setIndicators(): void {}

  /** Every setOptionQuotes list, in order. */
  readonly optionLists: OptionQuoteInput[][] = [];
  private readonly quotes = new LiveOptionQuotes({
    now: () => Date.now(),
    subscribe: (topic) => this.subscribe(topic),
    release: (handle) => this.release(handle),
  });
  setOptionQuotes(list: OptionQuoteInput[]): void {
    this.optionLists.push(list);
    this.quotes.set(list);
  }

  push(patch: MarketPatch): void {
    this.queue.push(patch);
  }

  /** Posts a stream's health with the next flush (stale, refused…), as the worker does on a flip. */
  streamState(key: string, health: StreamHealth): void {
    this.known.add(key);
    this.health.set(key, health);
  }

  flush(): MarketPatch | null {
    let patch = this.queue.shift() ?? null;
    const quoted: MarketPatch = { ...patch };
    if (this.quotes.flushInto(quoted)) patch = quoted;
    if (this.health.size === 0) return patch;
    const streams = Object.fromEntries(this.health);
    this.health.clear();
    return { ...patch, streams: { ...patch?.streams, ...streams } };
  }

  stats(): FeedStats {
    return { messages: 0, malformed: 0, gaps: 0, duplicates: 0, resyncs: 0, reconnects: 0 };
  }
}
