import { toSteps } from '../domain/market/ticks';
import {
  BARS_KEPT,
  type CandlesPatch,
  type ChartBar,
  type IndicatorLines,
} from '../domain/market-data/contract';
import type { IndicatorConfig, IndicatorSeries, LineValues } from '../domain/indicators/types';
import type { WireCandle } from '../domain/protocol/ws';

/** Older bars fall off the front (BARS_KEPT, shared with the page's copy of a series). */
export { BARS_KEPT };

/** Builds the main and sub indicator of a config (domain/indicators' createIndicatorSeries). */
export type IndicatorFactory = (config: IndicatorConfig) => { main: IndicatorSeries; sub: IndicatorSeries };

type Lines = Record<string, (number | null)[]>;

/**
 * One symbol's bars at one interval with its indicators, computed incrementally: the live bar
 * (same open time) is `replace`d in place, a later bar is `add`ed. Remembers which bars changed
 * since the last patch so a flush sends only those, or the whole series after a reset.
 */
export class CandleSeries {
  private readonly scale: number;
  private readonly factory: IndicatorFactory;
  private config: IndicatorConfig;
  private bars: ChartBar[] = [];
  private main!: IndicatorSeries;
  private sub!: IndicatorSeries;
  private mainLines: Lines = {};
  private subLines: Lines = {};
  private reset = false;
  /** Times (s) of bars changed since the last patch. */
  private readonly changed = new Set<number>();

  constructor(scale: number, config: IndicatorConfig, factory: IndicatorFactory) {
    this.scale = scale;
    this.config = config;
    this.factory = factory;
    this.rebuild();
  }

  /** A snapshot: replaces the series. False when a bar is malformed. */
  load(bars: readonly WireCandle[]): boolean {
    const next: ChartBar[] = [];
    for (const wire of bars) {
      const bar = toBar(wire, this.scale);
      if (!bar) return false;
      const last = next[next.length - 1];
      if (last && bar.time <= last.time) {
        if (bar.time === last.time) next[next.length - 1] = bar;
        continue;
      }
      next.push(bar);
    }
    this.bars = next.slice(-BARS_KEPT);
    this.rebuild();
    return true;
  }

  /** Live updates: the same open time replaces the last bar, a later one appends; older ones are stale. */
  update(bars: readonly WireCandle[]): boolean {
    for (const wire of bars) {
      const bar = toBar(wire, this.scale);
      if (!bar) return false;
      const last = this.bars[this.bars.length - 1];
      if (last && bar.time < last.time) continue;
      if (last && bar.time === last.time) {
        this.bars[this.bars.length - 1] = bar;
        record(this.mainLines, this.main.replace(bar), true);
        record(this.subLines, this.sub.replace(bar), true);
      } else {
        this.bars.push(bar);
        record(this.mainLines, this.main.add(bar), false);
        record(this.subLines, this.sub.add(bar), false);
        if (this.bars.length > BARS_KEPT) this.trim();
      }
      this.changed.add(bar.time);
    }
    return true;
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
      this.changed.clear();
      const all = this.bars.map((_, i) => i);
      return {
        reset: {
          bars: this.bars.slice(),
          main: pointsAt(this.mainLines, this.bars, all),
          sub: pointsAt(this.subLines, this.bars, all),
        },
      };
    }
    if (this.changed.size === 0) return null;
    // Changed bars are the last few: walk back from the end until all are found.
    const indices: number[] = [];
    for (let i = this.bars.length - 1; i >= 0 && indices.length < this.changed.size; i--) {
      if (this.changed.has(this.bars[i]!.time)) indices.push(i);
    }
    indices.reverse();
    this.changed.clear();
    return {
      bars: indices.map((i) => this.bars[i]!),
      main: pointsAt(this.mainLines, this.bars, indices),
      sub: pointsAt(this.subLines, this.bars, indices),
    };
  }

  private rebuild(): void {
    const { main, sub } = this.factory(this.config);
    this.main = main;
    this.sub = sub;
    this.mainLines = emptyLines(main.lines);
    this.subLines = emptyLines(sub.lines);
    for (const bar of this.bars) {
      record(this.mainLines, main.add(bar), false);
      record(this.subLines, sub.add(bar), false);
    }
    this.reset = true;
    this.changed.clear();
  }

  private trim(): void {
    const drop = this.bars.length - BARS_KEPT;
    this.bars.splice(0, drop);
    for (const name in this.mainLines) this.mainLines[name]!.splice(0, drop);
    for (const name in this.subLines) this.subLines[name]!.splice(0, drop);
  }
}

function emptyLines(names: readonly string[]): Lines {
  const lines: Lines = {};
  for (const name of names) lines[name] = [];
  return lines;
}

function record(lines: Lines, values: LineValues, replace: boolean): void {
  for (const name in lines) {
    const line = lines[name]!;
    const value = values[name] ?? null;
    if (replace && line.length > 0) line[line.length - 1] = value;
    else line.push(value);
  }
}

/** Points of every line at the given bar indices. */
function pointsAt(lines: Lines, bars: readonly ChartBar[], indices: readonly number[]): IndicatorLines {
  const out: IndicatorLines = {};
  for (const name in lines) {
    const line = lines[name]!;
    out[name] = indices.map((i) => ({ time: bars[i]!.time, value: line[i] ?? null }));
  }
  return out;
}

function toBar(wire: WireCandle, scale: number): ChartBar | null {
  const open = toSteps(wire.o, scale);
  const high = toSteps(wire.h, scale);
  const low = toSteps(wire.l, scale);
  const close = toSteps(wire.c, scale);
  const volume = Number(wire.v);
  if (Number.isNaN(open + high + low + close + volume)) return null;
  const unit = 10 ** scale;
  return {
    time: Math.floor(wire.t / 1000),
    open: open / unit,
    high: high / unit,
    low: low / unit,
    close: close / unit,
    volume,
  };
}
