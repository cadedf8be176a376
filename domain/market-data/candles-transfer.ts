import type {
  CandlesPatch,
  ChartBar,
  IndicatorLines,
  IndicatorPoint,
  MarketPatch,
  PackedCandles,
} from './contract';

/**
 * A whole candle series (a reset: up to 1,000 bars and a point per bar for every indicator line)
 * crossing from the worker as one Float64Array instead of ~7,000 small objects. Structured clone
 * rebuilds objects slowly: the main thread spent 20–60 ms taking a kline screen's first reset
 * (measured in Chromium), one long task on a phone at four times that; a transferred buffer
 * costs nothing to hand over and a few hundred microseconds to unpack.
 *
 * Columns, each `count` long: time, open, high, low, close, volume, then the main lines and the
 * sub lines in the order named. A point's time is its bar's (the worker emits one point per bar);
 * a null value travels as NaN.
 */

type Reset = NonNullable<CandlesPatch['reset']>;
const BAR_COLUMNS = 6;

/** Whether every line has exactly one point per bar, at that bar's time: what packing assumes. */
function alignedWith(bars: readonly ChartBar[], lines: IndicatorLines): boolean {
  for (const name in lines) {
    const points = lines[name]!;
    if (points.length !== bars.length) return false;
    for (let i = 0; i < points.length; i++) if (points[i]!.time !== bars[i]!.time) return false;
  }
  return true;
}

export function packCandles(reset: Reset): PackedCandles | null {
  const { bars } = reset;
  if (!alignedWith(bars, reset.main) || !alignedWith(bars, reset.sub)) return null;
  const n = bars.length;
  const main = Object.keys(reset.main);
  const sub = Object.keys(reset.sub);
  const columns = new Float64Array(n * (BAR_COLUMNS + main.length + sub.length));
  for (let i = 0; i < n; i++) {
    const bar = bars[i]!;
    columns[i] = bar.time;
    columns[n + i] = bar.open;
    columns[2 * n + i] = bar.high;
    columns[3 * n + i] = bar.low;
    columns[4 * n + i] = bar.close;
    columns[5 * n + i] = bar.volume;
  }
  let at = BAR_COLUMNS * n;
  for (const [names, lines] of [
    [main, reset.main],
    [sub, reset.sub],
  ] as const) {
    for (const name of names) {
      const points = lines[name]!;
      for (let i = 0; i < n; i++) columns[at + i] = points[i]!.value ?? NaN;
      at += n;
    }
  }
  return { count: n, main, sub, columns };
}

export function unpackCandles(packed: PackedCandles): Reset {
  const { count: n, columns } = packed;
  const bars: ChartBar[] = new Array<ChartBar>(n);
  for (let i = 0; i < n; i++) {
    bars[i] = {
      time: columns[i]!,
      open: columns[n + i]!,
      high: columns[2 * n + i]!,
      low: columns[3 * n + i]!,
      close: columns[4 * n + i]!,
      volume: columns[5 * n + i]!,
    };
  }
  let at = BAR_COLUMNS * n;
  const lines = (names: readonly string[]): IndicatorLines => {
    const out: IndicatorLines = {};
    for (const name of names) {
      const points: IndicatorPoint[] = new Array<IndicatorPoint>(n);
      for (let i = 0; i < n; i++) {
        const value = columns[at + i]!;
        points[i] = { time: bars[i]!.time, value: Number.isNaN(value) ? null : value };
      }
      out[name] = points;
      at += n;
    }
    return out;
  };
  const main = lines(packed.main);
  const sub = lines(packed.sub);
  return { bars, main, sub };
}

/** Packs every candle reset in the patch in place; answers the buffers to transfer with it. */
export function packCandleResets(patch: MarketPatch): ArrayBuffer[] {
  const buffers: ArrayBuffer[] = [];
  for (const key in patch.candles) {
    const candles = patch.candles[key]!;
    if (!candles.reset) continue;
    const packed = packCandles(candles.reset);
    if (!packed) continue;
    delete candles.reset;
    candles.packed = packed;
    buffers.push(packed.columns.buffer as ArrayBuffer);
  }
  return buffers;
}

/** Undoes packCandleResets in place: what the rest of the app reads is the plain CandlesPatch. */
export function unpackCandleResets(patch: MarketPatch): void {
  for (const key in patch.candles) {
    const candles = patch.candles[key]!;
    if (!candles.packed) continue;
    candles.reset = unpackCandles(candles.packed);
    delete candles.packed;
  }
}
