import {
  BARS_KEPT,
  type CandlesPatch,
  type ChartBar,
  type IndicatorLines,
  type IndicatorPoint,
} from '../domain/market-data/contract';
import type { IndicatorConfig, IndicatorSeries } from '../domain/indicators/types';
import { ensure } from '../domain/assert';

/** Older bars fall off the front (BARS_KEPT, shared with the page's copy of a series). */
export { BARS_KEPT };

/** Builds the main and sub indicator of a config (domain/indicators' createIndicatorSeries). */
export type IndicatorFactory = (config: IndicatorConfig) => { main: IndicatorSeries; sub: IndicatorSeries };

/** Each line's values by bar index, in the series' line order; NaN while warming up. */
type Lines = { names: readonly string[]; values: number[][]; scratch: number[] };

/**
 * One symbol's bars at one interval with its indicators, computed incrementally: the live bar
 * (same open time) is `replace`d in place, a later bar is `add`ed. Remembers which bars changed
 * since the last patch so a flush sends only those, or the whole series after a reset.
 */
export class CandleSeries {
  private readonly factory: IndicatorFactory;
  private config: IndicatorConfig;
  private bars: ChartBar[] = [];
  private main!: IndicatorSeries;
  private sub!: IndicatorSeries;
  private mainLines: Lines = emptyLines([]);
  private subLines: Lines = emptyLines([]);
  private reset = false;
  /**
   * Index of the first bar changed since the last patch (bars.length: none). A change replaces
   * the last bar or appends one, so the changed bars are always the last ones, from here on.
   */
  private changedFrom = 0;

  constructor(config: IndicatorConfig, factory: IndicatorFactory) {
    this.config = config;
    this.factory = factory;
    this.rebuild();
  }

  /** A snapshot: replaces the series (bars as the stream codec reads them, or readBars). */
  load(bars: readonly ChartBar[]): void {
    const next: ChartBar[] = [];
    for (const bar of bars) {
      const last = next[next.length - 1];
      if (last && bar.time <= last.time) {
        if (bar.time === last.time) next[next.length - 1] = bar;
        continue;
      }
      next.push(bar);
    }
    this.bars = next.slice(-BARS_KEPT);
    this.rebuild();
  }

  /** Live updates: the same open time replaces the last bar, a later one appends; older ones are stale. */
  update(bars: readonly ChartBar[]): void {
    for (const bar of bars) this.put(bar);
  }

  private put(bar: ChartBar): void {
    const last = this.bars[this.bars.length - 1];
    if (last && bar.time < last.time) return;
    if (last && bar.time === last.time) {
      this.bars[this.bars.length - 1] = bar;
      record(this.mainLines, this.main, bar, true);
      record(this.subLines, this.sub, bar, true);
    } else {
      this.bars.push(bar);
      record(this.mainLines, this.main, bar, false);
      record(this.subLines, this.sub, bar, false);
      if (this.bars.length > BARS_KEPT) this.trim();
    }
    this.changedFrom = Math.min(this.changedFrom, this.bars.length - 1);
  }

  /** New indicator choice or periods: recompute over the kept bars and resend the series. */
  setIndicators(config: IndicatorConfig): void {
    this.config = config;
    this.rebuild();
  }

  get length(): number {
    return this.bars.length;
  }

  patch(): CandlesPatch | null {
    if (this.reset) {
      this.reset = false;
      this.changedFrom = this.bars.length;
      return {
        reset: {
          bars: this.bars.slice(),
          main: pointsFrom(this.mainLines, this.bars, 0),
          sub: pointsFrom(this.subLines, this.bars, 0),
        },
      };
    }
    const from = this.changedFrom;
    if (from >= this.bars.length) return null;
    this.changedFrom = this.bars.length;
    return {
      bars: this.bars.slice(from),
      main: pointsFrom(this.mainLines, this.bars, from),
      sub: pointsFrom(this.subLines, this.bars, from),
    };
  }

  private rebuild(): void {
    const { main, sub } = this.factory(this.config);
    this.main = main;
    this.sub = sub;
    this.mainLines = emptyLines(main.lines);
    this.subLines = emptyLines(sub.lines);
    for (const bar of this.bars) {
      record(this.mainLines, main, bar, false);
      record(this.subLines, sub, bar, false);
    }
    this.reset = true;
    this.changedFrom = this.bars.length;
  }

  private trim(): void {
    const drop = this.bars.length - BARS_KEPT;
    this.bars.splice(0, drop);
    this.changedFrom = Math.max(0, this.changedFrom - drop);
    for (const line of this.mainLines.values) line.splice(0, drop);
    for (const line of this.subLines.values) line.splice(0, drop);
  }
}

function emptyLines(names: readonly string[]): Lines {
  return { names, values: names.map(() => []), scratch: names.map(() => NaN) };
}

/** The indicator's values for `bar`, appended to each line or replacing its last value. */
function record(lines: Lines, indicator: IndicatorSeries, bar: ChartBar, replace: boolean): void {
  const { values, scratch } = lines;
  indicator.step(bar, replace, scratch);
  for (let i = 0; i < values.length; i++) {
    const line = ensure(values[i], 'a line for each name');
    const value = ensure(scratch[i], 'a scratch value for each line');
    if (replace && line.length > 0) line[line.length - 1] = value;
    else line.push(value);
  }
}

/** Points of every line at the bars from index `from` on (null while warming up). */
function pointsFrom(lines: Lines, bars: readonly ChartBar[], from: number): IndicatorLines {
  const out: IndicatorLines = {};
  for (let n = 0; n < lines.names.length; n++) {
    const line = ensure(lines.values[n], 'a line for each name');
    const points: IndicatorPoint[] = new Array<IndicatorPoint>(bars.length - from);
    for (let i = from; i < bars.length; i++) {
      const value = line[i];
      points[i - from] = {
        time: ensure(bars[i], 'a bar below the length').time,
        value: value === undefined || value !== value ? null : value,
      };
    }
    out[ensure(lines.names[n], 'a name below the count')] = points;
  }
  return out;
}
