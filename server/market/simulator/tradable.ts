import { barOffset, barOpenTime, INTERVALS, type Interval } from '../../../domain/market/instrument';
import { fromSteps, toSteps } from '../../../domain/market/ticks';
import type { Trade } from '../../../domain/protocol/market';
import type { CatalogueEntry } from '../catalogue';
import type { SessionCalendar } from '../calendar';
import type { Listing, MarketEvent, SourceMark, SourceTicker, TradedBars } from '../source';
import { toCandle, type BarSeries } from './bars';
import { SimBook, type Side } from './book';
import { bistGrid, type Grid } from './grid';
import { coinGrid, tradableSeries, type HistoryAnchor } from './tradable-history';
import { createRandom, deriveSeed, type Random } from './prng';
import { DayStats } from './day-stats';
import { FairValue } from './fair-value';
import { Makers } from './makers';
import { clamp, Takers } from './takers';
import { DAY_MS } from '../../../domain/time';

const SESSION = 8 * 3_600_000;
const FUNDING_MS = 8 * 3_600_000;
/** The touch is tended every tick; the whole depth (and the far cancels) every DEEP_EVERY ticks. */
const DEEP_EVERY = 8;
const TRADES_KEPT = 500;

export type TradableOptions = {
  entry: CatalogueEntry;
  seed: number;
  now: number;
  tickMs: number;
  /** BIST's calendar for stocks; null for coins (24/7). */
  calendar: SessionCalendar | null;
  barTimes: Readonly<Record<Interval, readonly number[]>>;
  /** Book edits (resize, cancel, add) per second, beyond what trades and refills do. */
  churnPerSecond: number;
  /** Taker arrivals per second; derived from turnover when absent. */
  takersPerSecond?: number;
  /** Bars that traded already, oldest first (a takeover: the previous owner's). */
  traded?: TradedBars;
  /** The latest trades printed already, oldest first (the same takeover's). */
  recentTrades?: readonly Trade[];
  /** The day's figures as last published (the same takeover's ticker). */
  ticker?: SourceTicker;
  /** Trade ids count on from here: a market started later must not print an earlier one's ids. */
  firstTradeId?: number;
  /**
   * A restart's (server/market/history-store.ts): where the first market on this database drew
   * its history from, its bar times and its start price; `traded` then holds the bars it saved.
   */
  anchor?: HistoryAnchor;
};

/** A stock or coin: its latent price, book, prints, bars and the day's (or 24 h) figures. */
export class Tradable {
  readonly symbol: string;
  readonly priceScale: number;
  readonly qtyScale: number;
  readonly grid: Grid;
  readonly book = new SimBook();
  readonly series: Record<Interval, BarSeries>;
  readonly stats: DayStats;
  private readonly random: Random;
  private readonly isCoin: boolean;
  private readonly trades: Trade[] = [];
  /** The latent price makers quote around and takers chase. */
  private fair: FairValue;
  /** While waiting for its listing (an IPO's stock, a coin sale's token): when it lists. */
  private listingAt: number | null = null;
  private readonly dayMs: number;
  private ticks = 0;
  private readonly takerChance: number;
  private readonly churnChance: number;
  private readonly takerMedian: number;
  private readonly makers: Makers;
  private readonly takers: Takers;
  private markValue: number;

  constructor(private readonly options: TradableOptions) {
    const { entry, seed, tickMs } = options;
    const instrument = entry.instrument;
    this.symbol = instrument.symbol;
    this.priceScale = instrument.priceScale;
    this.qtyScale = instrument.qtyScale;
    this.isCoin = instrument.market === 'coin';
    this.random = createRandom(deriveSeed(seed, this.symbol));
    this.trades.push(...(options.recentTrades ?? []).slice(-TRADES_KEPT));
    const start = toSteps(entry.price, this.priceScale);
    const dayMs = this.isCoin ? DAY_MS : SESSION;
    this.dayMs = dayMs;
    // Coin levels are spaced to about a quarter second's typical move, whatever the tick.
    this.grid = this.isCoin ? coinGrid(start, entry.volatility) : bistGrid;
    this.fair = new FairValue(start, entry.volatility, tickMs, dayMs, this.random);
    const takers = options.takersPerSecond ?? clamp(entry.turnover / (this.isCoin ? 2e8 : 1.5e9), 0.3, 4);
    this.takerChance = (takers * tickMs) / 1000;
    this.churnChance = (options.churnPerSecond * tickMs) / 1000;
    const unitPrice = start / 10 ** this.priceScale;
    const meanTrade = entry.turnover / (takers * (dayMs / 1000)) / unitPrice;
    // A lognormal with sd 1 has mean = median × e^0.5.
    this.takerMedian = Math.max(1, (meanTrade * 10 ** this.qtyScale) / 1.65);

    const series = tradableSeries(options, {
      start,
      grid: this.grid,
      dayMs,
      priceScale: this.priceScale,
      qtyScale: this.qtyScale,
    });
    this.series = series;
    this.stats = new DayStats(instrument.group, options.calendar, series['1d'], series['1h']);
    if (options.ticker) this.stats.resume(options.ticker, this.priceScale, this.qtyScale);
    this.markValue = start;
    this.book.t = options.now;
    this.makers = new Makers(this.book, this.grid, this.random, this.takerMedian * 2, (p) =>
      this.quotable(p),
    );
    this.makers.seed(start);
    this.takers = new Takers({
      symbol: this.symbol,
      priceScale: this.priceScale,
      qtyScale: this.qtyScale,
      book: this.book,
      grid: this.grid,
      random: this.random,
      median: this.takerMedian,
      firstTradeId: options.firstTradeId ?? 0,
      printed: (at, price, qty) => this.stats.print(at, price, qty, this.series),
    });
  }

  /** Advances one tick to `t`; `open` says whether the instrument may trade. */
  tick(t: number, open: boolean, emit: (event: MarketEvent) => void, indicative: boolean): boolean {
    if (!open) return false;
    if (this.listingAt !== null) {
      if (t < this.listingAt) return false;
      // The first session after the listing opens with a fresh book around the issue price.
      this.listingAt = null;
      this.makers.seed(this.fair.price(), true);
    }
    if (!this.isCoin) this.stats.roll(t, this.book, this.grid);
    this.ticks++;
    this.fair.step(this.stats.band);
    const prints: Trade[] = [];
    this.takers.sweep(t, this.fair.price(), prints);
    if (this.random.next() < this.takerChance) this.takers.noise(t, this.fair.price(), prints);
    if (this.random.next() < this.churnChance) this.makers.churn();
    this.makers.quote(this.fair.price(), this.ticks % DEEP_EVERY === 0);
    this.markValue += (this.mid() - this.markValue) * 0.2;
    this.publish(t, prints, emit, indicative);
    if (this.isCoin && t % 1000 < this.options.tickMs) {
      const steps = Math.round(this.markValue);
      emit({ type: 'mark', symbol: this.symbol, mark: this.mark(t), steps, scales: this.takers.scales });
    }
    return prints.length > 0;
  }

  /**
   * A taker order from outside (a user's order): takes the resting `side` best first, never
   * past `limit` steps, at most `qty` steps, and announces the prints and the moved book at once,
   * as the tick's own takers do. Returns the prints.
   */
  execute(
    t: number,
    side: 'buy' | 'sell',
    qty: number,
    limit: number | null,
    emit: (event: MarketEvent) => void,
  ): Trade[] {
    if (this.listingAt !== null) return [];
    const resting: Side = side === 'buy' ? 'ask' : 'bid';
    const levels = this.book.levels(resting);
    const prints: Trade[] = [];
    let left = qty;
    while (left > 0 && levels.length > 0) {
      const best = levels[0]!;
      if (limit !== null && (side === 'buy' ? best.price > limit : best.price < limit)) break;
      const taken = Math.min(left, best.qty);
      this.takers.take(t, resting, taken, prints);
      left -= taken;
    }
    this.publish(t, prints, emit, false);
    return prints;
  }

  /**
   * The instrument lists at `listing.listingAt` at `listing.price` (its issue price). Until then
   * it has no book, no prints and no bars, and its ticker stands flat at that price: the simulator
   * makes up nothing about a company that does not trade yet (DECISIONS §2). Once listed, its
   * history starts at the listing's bar (generated history would show trading before it).
   */
  list(listing: Listing, t: number, emit: (event: MarketEvent) => void): void {
    const listed = t >= listing.listingAt;
    for (const interval of INTERVALS) {
      const opens = barOpenTime(listing.listingAt, interval, barOffset(this.isCoin ? 'coin' : 'stock'));
      this.series[interval].dropBefore(listed ? opens : Infinity);
    }
    const steps = toSteps(listing.price, this.priceScale);
    const price = Number.isSafeInteger(steps) && steps > 0 ? steps : this.stats.last;
    if (listed) {
      this.listingAt = null;
      // Listed this session day (a restart on its first day): the day's change and band are
      // measured from the issue price, not from a generated close of the day before.
      const calendar = this.options.calendar;
      if (calendar && calendar.dayOf(listing.listingAt) === calendar.dayOf(t)) this.stats.rebase(price);
      return;
    }
    this.listingAt = listing.listingAt;
    for (const side of ['bid', 'ask'] as const)
      for (const level of [...this.book.levels(side)]) this.book.set(side, level.price, 0);
    this.trades.length = 0;
    const { entry, tickMs } = this.options;
    this.fair = new FairValue(price, entry.volatility, tickMs, this.dayMs, this.random);
    this.stats.reset(price, t);
    this.markValue = price;
    this.publish(t, [], emit, false);
    emit({ type: 'ticker', symbol: this.symbol, ticker: this.ticker(t) });
  }

  /** Announces a tick's (or an order's) prints and book edits, in the order clients apply them. */
  private publish(t: number, prints: Trade[], emit: (event: MarketEvent) => void, indicative: boolean): void {
    const diff = this.book.takeDiff();
    if (prints.length > 0) {
      this.record(t, prints);
      emit(this.takers.tradesEvent(prints));
    }
    if (diff) {
      this.book.seq++;
      this.book.t = t;
      emit({
        type: 'book',
        symbol: this.symbol,
        seq: this.book.seq,
        t,
        bids: diff.bids.map(([p, q]) => [fromSteps(p, this.priceScale), fromSteps(q, this.qtyScale)]),
        asks: diff.asks.map(([p, q]) => [fromSteps(p, this.priceScale), fromSteps(q, this.qtyScale)]),
        steps: diff,
        scales: this.takers.scales,
      });
    }
    if (prints.length > 0) {
      emit({ type: 'ticker', symbol: this.symbol, ticker: this.ticker(t) });
      for (const interval of INTERVALS) {
        const bar = this.series[interval].last();
        if (bar)
          emit({
            type: 'candle',
            symbol: this.symbol,
            interval,
            candle: toCandle(bar, this.priceScale, this.qtyScale),
          });
      }
    } else if (indicative) {
      this.stats.indicate(this.clampToBand(this.grid.down(this.fair.price())));
      emit({ type: 'ticker', symbol: this.symbol, ticker: this.ticker(t) });
    }
  }

  last(): number {
    return this.stats.last;
  }

  ticker(t: number): SourceTicker {
    return this.stats.ticker(this.symbol, t, this.priceScale, this.qtyScale, this.isCoin);
  }

  mark(t: number): SourceMark {
    return {
      symbol: this.symbol,
      mark: fromSteps(Math.round(this.markValue), this.priceScale),
      funding: '0.0100',
      nextFunding: Math.floor(t / FUNDING_MS) * FUNDING_MS + FUNDING_MS,
      t,
    };
  }

  recentTrades(limit: number): Trade[] {
    return this.trades.slice(Math.max(0, this.trades.length - limit));
  }

  private quotable(price: number): boolean {
    if (price <= 0) return false;
    const band = this.stats.band;
    return !band || (price >= band.lower && price <= band.upper);
  }

  private clampToBand(price: number): number {
    const band = this.stats.band;
    return band ? Math.min(band.upper, Math.max(band.lower, price)) : price;
  }

  private mid(): number {
    const bid = this.book.bids[0];
    const ask = this.book.asks[0];
    if (bid && ask) return (bid.price + ask.price) / 2;
    return bid?.price ?? ask?.price ?? this.fair.price();
  }

  private record(t: number, prints: Trade[]): void {
    this.trades.push(...prints);
    if (this.trades.length > TRADES_KEPT * 2) this.trades.splice(0, this.trades.length - TRADES_KEPT);
    this.book.t = t;
  }
}
