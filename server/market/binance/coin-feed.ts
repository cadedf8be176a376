import type { Interval } from '../../../domain/market/instrument';
import { isInterval } from '../../../domain/market/instrument';
import type { Trade } from '../../../domain/protocol/market';
import type { Instrument, MarketEvent, SourceMark, SourceTicker } from '../source';
import { CandleStore } from './candle-store';
import type { BookChange } from './local-book';
import { LocalBook } from './local-book';
import { MarkEma } from './mark-ema';
import { gridLevels, ourCandle, ourTicker, ourTrade } from './normalise';
import type { StreamEvent } from './parse';

const TRADES_KEPT = 500;
const MARK_EVERY_MS = 1_000;

export type FeedContext = {
  emit(event: MarketEvent): void;
  now(): number;
  malformed(what: string): void;
  /** The book lost sync (a gap in U/u): take a new snapshot. */
  resync(feed: CoinFeed): void;
};

/** One coin's live state from the stream: book, trades, ticker, candles and mark. */
export class CoinFeed {
  readonly book: LocalBook;
  readonly candles = new Map<Interval, CandleStore>();
  trades: Trade[] = [];
  ticker: SourceTicker | undefined;
  mark: SourceMark | undefined;
  /** Bumped per snapshot request, so an answer that a newer request replaced is ignored. */
  snapshotGen = 0;
  /** Failed snapshot requests in a row: the exponential backoff's step. */
  snapshotAttempt = 0;
  /** Snapshots in a row that came back older than the buffered stream, fetched again at once. */
  staleSnapshots = 0;
  private readonly ema: MarkEma;
  private markSentAt = -Infinity;

  constructor(
    readonly inst: Instrument,
    private readonly ctx: FeedContext,
  ) {
    this.book = new LocalBook(inst.priceScale, ctx.now);
    this.ema = new MarkEma(inst.priceScale);
  }

  candleStore(interval: Interval): CandleStore {
    let store = this.candles.get(interval);
    if (!store) this.candles.set(interval, (store = new CandleStore()));
    return store;
  }

  /** Republish a book change at our seq; the mark follows the book. */
  publishBook(change: BookChange): void {
    const { symbol } = this.inst;
    this.ctx.emit({ type: 'book', symbol, ...change });
    const top = this.book.top();
    if (!top) return;
    const now = this.ctx.now();
    this.mark = { symbol, mark: this.ema.update(top.bid, top.ask), funding: null, nextFunding: null, t: now };
    // The mark moves with every book change (10/s); downstream needs it about once a second.
    if (now - this.markSentAt >= MARK_EVERY_MS) {
      this.markSentAt = now;
      this.ctx.emit({ type: 'mark', symbol, mark: this.mark });
    }
  }

  onEvent(event: StreamEvent): void {
    const { inst, ctx } = this;
    if (event.kind === 'depth') {
      const bids = gridLevels(event.diff.bids, inst);
      const asks = gridLevels(event.diff.asks, inst);
      // Dropped, the event leaves a hole in U/u: the next one is a gap and the book resyncs.
      if (!bids || !asks) return ctx.malformed('depth diff');
      const { first, last, t } = event.diff;
      const outcome = this.book.diff({ first, last, t, bids, asks });
      if (outcome.kind === 'applied' && outcome.change) this.publishBook(outcome.change);
      if (outcome.kind === 'gap') ctx.resync(this);
    } else if (event.kind === 'trade') {
      const trade = ourTrade(event.trade, inst);
      if (!trade) return ctx.malformed('trade');
      this.trades.push(trade);
      if (this.trades.length > TRADES_KEPT) this.trades = this.trades.slice(-TRADES_KEPT);
      ctx.emit({ type: 'trades', symbol: inst.symbol, trades: [trade] });
    } else if (event.kind === 'ticker') {
      const ticker = ourTicker(event.ticker, inst);
      if (!ticker) return ctx.malformed('ticker');
      this.ticker = ticker;
      ctx.emit({ type: 'ticker', symbol: inst.symbol, ticker });
    } else {
      const { interval, bar } = event.kline;
      const candle = ourCandle(bar, inst);
      if (!isInterval(interval) || !candle) return ctx.malformed('kline');
      if (this.candleStore(interval).live(candle))
        ctx.emit({ type: 'candle', symbol: inst.symbol, interval, candle });
    }
  }
}

export function symbolOf(event: StreamEvent): string {
  switch (event.kind) {
    case 'depth':
      return event.diff.symbol;
    case 'trade':
      return event.trade.symbol;
    case 'ticker':
      return event.ticker.symbol;
    case 'kline':
      return event.kline.symbol;
  }
}
