import type { FeedStats, MarketDataApi, MarketPatch, Topic } from '../../domain/market-data/contract';
import { topicKey } from '../../domain/market-data/contract';

/**
 * An in-thread MarketDataApi for tests and screenshots (setMarketDataApi): it records what is
 * subscribed and hands out queued patches, one per flush, as the worker would.
 */
export class FakeMarketData implements MarketDataApi {
  readonly queue: MarketPatch[] = [];
  /** Live handle → topic key. */
  readonly handles = new Map<number, string>();
  /** Every subscribe, in order, by topic key. */
  readonly subscribed: string[] = [];
  private next = 1;

  connect(): void {}
  setLocale(): void {}

  subscribe(topic: Topic): number {
    const handle = this.next++;
    const key = topicKey(topic);
    this.handles.set(handle, key);
    this.subscribed.push(key);
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

  push(patch: MarketPatch): void {
    this.queue.push(patch);
  }

  flush(): MarketPatch | null {
    return this.queue.shift() ?? null;
  }

  stats(): FeedStats {
    return { messages: 0, malformed: 0, gaps: 0, duplicates: 0, resyncs: 0, reconnects: 0 };
  }
}
