import { INTERVALS, type Interval, type StockGroup } from '../../../domain/market/instrument';
import { bistBand, fromSteps, toSteps } from '../../../domain/market/ticks';
import type { SessionCalendar } from '../calendar';
import type { SourceTicker } from '../source';
import { formatValue, type BarSeries } from './bars';
import type { SimBook } from './book';
import type { Grid } from './grid';

const HOUR = 3_600_000;

/**
 * The figures a ticker shows. Stocks and indices: the session day (open, high, low, previous
 * close, volume) and the band; a new day starts at its first trading tick. Coins: rolling 24 h,
 * read from the hourly bars (an approximation to the hour: a day's figures need no finer bars).
 */
export class DayStats {
  last: number;
  open: number;
  high: number;
  low: number;
  prev: number;
  volume: number;
  turnover: bigint;
  band: { lower: number; upper: number } | null;
  private day: number;
  private opened: boolean;

  constructor(
    private readonly group: StockGroup | null,
    private readonly calendar: SessionCalendar | null,
    daily: BarSeries,
    private readonly hourly: BarSeries,
  ) {
    const today = daily.at(daily.length - 1);
    const before = daily.length > 1 ? daily.at(daily.length - 2) : today;
    this.last = today.c;
    this.open = today.o;
    this.high = today.h;
    this.low = today.l;
    this.prev = before.c;
    this.volume = today.v;
    this.turnover = today.q;
    this.opened = true;
    this.day = calendar ? calendar.dayOf(today.t) : 0;
    this.band = group !== null ? bistBand(this.prev, group) : null;
  }

  /**
   * Flat at `price` with nothing traded: an instrument waiting for its listing, whose first day
   * is measured from its issue price (BIST's base price on a listing day).
   */
  reset(price: number, t: number): void {
    this.last = this.open = this.high = this.low = this.prev = price;
    this.volume = 0;
    this.turnover = 0n;
    this.opened = false;
    this.day = this.calendar ? this.calendar.dayOf(t) : 0;
    this.rebase(price);
  }

  /**
   * Goes on from the day's figures another market published (a takeover): read from
   * its bars instead, the previous close (and with it the day's change and the price band) was
   * wherever generated history had closed yesterday, and the day's turnover an estimate.
   */
  resume(ticker: SourceTicker, priceScale: number, qtyScale: number): void {
    const prices = [ticker.last, ticker.open, ticker.high, ticker.low, ticker.prev].map((p) =>
      toSteps(p, priceScale),
    );
    const volume = toSteps(ticker.volume, qtyScale);
    const turnover = toSteps(ticker.turnover, priceScale);
    if (![...prices, volume, turnover].every(Number.isSafeInteger) || prices.some((p) => p <= 0)) return;
    const [last, open, high, low, prev] = prices as [number, number, number, number, number];
    this.last = last;
    this.open = open;
    this.high = high;
    this.low = low;
    this.volume = volume;
    this.opened = true;
    this.turnover = BigInt(turnover) * 10n ** BigInt(qtyScale);
    this.day = this.calendar ? this.calendar.dayOf(ticker.t) : 0;
    this.rebase(prev);
  }

  /** The day's reference price (previous close, or an issue price on a listing day) and its band. */
  rebase(prev: number): void {
    this.prev = prev;
    this.band = this.group !== null ? bistBand(prev, this.group) : null;
  }

  /** Starts a new session day when `t` falls on another day than the figures'. */
  roll(t: number, book: SimBook | null, grid: Grid | null): boolean {
    if (!this.calendar) return false;
    const day = this.calendar.dayOf(t);
    if (day === this.day) return false;
    this.day = day;
    this.prev = this.last;
    this.open = this.high = this.low = this.last;
    this.volume = 0;
    this.turnover = 0n;
    this.opened = false;
    if (this.group !== null) {
      const band = bistBand(this.prev, this.group);
      this.band = band;
      if (book && grid) {
        for (const level of [...book.bids])
          if (level.price < band.lower || level.price > band.upper) book.set('bid', level.price, 0);
        for (const level of [...book.asks])
          if (level.price < band.lower || level.price > band.upper) book.set('ask', level.price, 0);
      }
    }
    return true;
  }

  /** A print: the day's figures and every interval's live bar. */
  print(t: number, price: number, qty: number, series: Readonly<Record<Interval, BarSeries>>): void {
    this.move(price);
    this.volume += qty;
    const value = BigInt(qty) * BigInt(price);
    this.turnover += value;
    for (const interval of INTERVALS)
      series[interval].apply(t, price, qty, interval === '1h' || interval === '1d' ? value : 0n);
  }

  /** A price without a print (an index level; the bench's indicative quotes). */
  move(price: number): void {
    this.last = price;
    if (!this.opened) {
      this.open = this.high = this.low = price;
      this.opened = true;
    } else {
      if (price > this.high) this.high = price;
      if (price < this.low) this.low = price;
    }
  }

  indicate(price: number): void {
    this.move(price);
  }

  ticker(symbol: string, t: number, priceScale: number, qtyScale: number, rolling: boolean): SourceTicker {
    const p = (steps: number): string => fromSteps(steps, priceScale);
    if (!rolling) {
      return {
        symbol,
        last: p(this.last),
        open: p(this.open),
        high: p(this.high),
        low: p(this.low),
        prev: p(this.prev),
        volume: fromSteps(this.volume, qtyScale),
        turnover: formatValue(this.turnover, priceScale, qtyScale),
        t,
      };
    }
    const from = t - 24 * HOUR;
    const hourly = this.hourly;
    let first = -1;
    let high = this.last;
    let low = this.last;
    let volume = 0;
    let value = 0n;
    for (let i = hourly.length - 1; i >= 0; i--) {
      if (hourly.time(i) + HOUR <= from) break;
      first = i;
      if (hourly.high(i) > high) high = hourly.high(i);
      if (hourly.low(i) < low) low = hourly.low(i);
      volume += hourly.volume(i);
      value += hourly.value(i);
    }
    const open = first >= 0 ? hourly.open(first) : this.last;
    return {
      symbol,
      last: p(this.last),
      open: p(open),
      high: p(high),
      low: p(low),
      prev: p(open),
      volume: fromSteps(volume, qtyScale),
      turnover: formatValue(value, priceScale, qtyScale),
      t,
    };
  }
}
