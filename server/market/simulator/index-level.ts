import Decimal from 'decimal.js';
import { barOffset, INTERVALS, type Interval } from '../../../domain/market/instrument';
import { toSteps } from '../../../domain/market/ticks';
import type { CatalogueEntry } from '../catalogue';
import type { SessionCalendar } from '../calendar';
import type { MarketEvent, SourceTicker, TradedBars } from '../source';
import { fromCandle, toCandle, type BarSeries } from './bars';
import { DayStats } from './day-stats';
import { uniformGrid } from './grid';
import { historyResumed, historyThrough } from './history';
import { createRandom, deriveSeed } from './prng';
import type { Tradable } from './tradable';
import { priorClose, type HistoryAnchor } from './tradable-history';

const SESSION = 8 * 3_600_000;

/**
 * An index: Σ wᵢ·priceᵢ over its members with weights fixed at creation (equal weight at the
 * starting prices, so the level starts at the catalogue's level), recomputed whenever a member
 * moves.
 */
export class IndexLevel {
  readonly symbol: string;
  readonly series: Record<Interval, BarSeries>;
  readonly stats: DayStats;
  private readonly weights: number[];

  constructor(
    entry: CatalogueEntry,
    private readonly members: readonly Tradable[],
    seed: number,
    calendar: SessionCalendar,
    barTimes: Readonly<Record<Interval, readonly number[]>>,
    /** The levels that were published already (a takeover), and the last ticker. */
    traded: TradedBars = {},
    ticker?: SourceTicker,
    /** A restart's: where the first market drew the level's history from (see Tradable). */
    anchor?: HistoryAnchor,
  ) {
    this.symbol = entry.instrument.symbol;
    const base = toSteps(entry.price, 2);
    this.weights = members.map((member) => base / (members.length * member.last()));
    const start = this.level();
    const steps = anchor ? toSteps(anchor.price, 2) : NaN;
    const anchored = Number.isSafeInteger(steps) && steps > 0 ? steps : null;
    const series = {} as Record<Interval, BarSeries>;
    for (const interval of INTERVALS) {
      const bars = (traded[interval] ?? []).flatMap((candle) => fromCandle(candle, 2, 0) ?? []);
      const history = {
        interval,
        offset: barOffset('index'),
        times: barTimes[interval],
        close: start,
        grid: uniformGrid(1),
        volatility: entry.volatility,
        tradingDayMs: SESSION,
        turnover: 0,
        priceScale: 2,
        qtyScale: 0,
        drift: 0.3,
        group: null,
        random: createRandom(deriveSeed(seed, `${this.symbol}/${interval}`)),
      };
      if (anchored !== null && anchor) {
        series[interval] = historyResumed(
          { ...history, times: anchor.times[interval], close: anchored },
          bars,
        );
        continue;
      }
      series[interval] = historyThrough(
        history,
        bars,
        interval === '1d' ? priorClose({ ticker, calendar }, 2, bars.length) : undefined,
      );
    }
    this.series = series;
    this.stats = new DayStats(null, calendar, series['1d'], series['1h']);
    if (ticker) this.stats.resume(ticker, 2, 0);
  }

  level(): number {
    let sum = 0;
    for (let i = 0; i < this.members.length; i++) sum += this.weights[i]! * this.members[i]!.last();
    return Math.round(sum);
  }

  /** Recomputes the level after member trades; announces it when it changed. */
  update(t: number, emit: (event: MarketEvent) => void): void {
    this.stats.roll(t, null, null);
    const level = this.level();
    if (level === this.stats.last) return;
    this.stats.move(level);
    for (const interval of INTERVALS) this.series[interval].apply(t, level, 0, 0n);
    emit({ type: 'ticker', symbol: this.symbol, ticker: this.ticker(t) });
    for (const interval of INTERVALS) {
      const bar = this.series[interval].last();
      if (bar) emit({ type: 'candle', symbol: this.symbol, interval, candle: toCandle(bar, 2, 0) });
    }
  }

  /** The level's day figures; volume and turnover are its members' (an index trades nothing itself). */
  ticker(t: number): SourceTicker {
    let volume = new Decimal(0);
    let turnover = new Decimal(0);
    for (const member of this.members) {
      const figures = member.ticker(t);
      volume = volume.plus(figures.volume);
      turnover = turnover.plus(figures.turnover);
    }
    return {
      ...this.stats.ticker(this.symbol, t, 2, 0, false),
      volume: volume.toFixed(0),
      turnover: turnover.toFixed(2),
    };
  }
}
