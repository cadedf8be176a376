import type { MarketPatch, OptionQuoteInput, OptionQuotesApi, Topic } from '../domain/market-data/contract';
import type { LiveOptionQuotes } from './option-quotes';

export type QuotesLoaderDeps = {
  now: () => number;
  subscribe: (topic: Topic) => number;
  release: (handle: number) => void;
  /** The pricing loaded: the next patch has quotes. */
  changed: () => void;
};

/**
 * Option pricing loads on the first list: only the options screens need it, not the first load.
 * A list set while it loads is the one priced when it comes.
 */
export class OptionQuotesLoader implements OptionQuotesApi {
  private quotes: LiveOptionQuotes | null = null;
  private list: OptionQuoteInput[] = [];
  private loading = false;

  constructor(private readonly deps: QuotesLoaderDeps) {}

  setOptionQuotes(list: OptionQuoteInput[]): void {
    this.list = list;
    if (this.quotes) return this.quotes.set(list);
    if (this.loading || list.length === 0) return;
    this.loading = true;
    void import('./option-quotes').then(
      ({ LiveOptionQuotes }) => {
        const { now, subscribe, release, changed } = this.deps;
        this.quotes = new LiveOptionQuotes({ now, subscribe, release });
        this.quotes.set(this.list);
        changed();
      },
      () => {
        this.loading = false; // the next list tries again
      },
    );
  }

  flushInto(patch: MarketPatch): boolean {
    return this.quotes?.flushInto(patch) ?? false;
  }
}
