// The bars the kline floor page draws (tests/bench/kline-floor-page/): a seeded random walk of 15-minute
// bars, as many as the kline screen's first reset, with the lines of its default indicators
// (SMA 5/10/30 over the candles, the volume's MA 5/10 in the sub pane), cut to the newest bars the
// screen draws at once (chart-history.ts), so the page does the chart's work and no other.
import { RECENT_BARS } from '../../src/components/chart/chart-history';
import { rng } from '../support/random';

export type FloorBar = {
  time: number;
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
};
/** Each line's values index by index with `bars`, null while its window is not full. */
export type FloorData = {
  bars: FloorBar[];
  main: Record<string, (number | null)[]>;
  sub: Record<string, (number | null)[]>;
  scale: number;
};

/** The screen's first reset: its worker asks for this many bars (the history it keeps). */
export const RESET_BARS = 1000;
export const FLOOR_SEED = 20_261_130;
const INTERVAL_S = 15 * 60;
/** The newest bar's open: a fixed time, so every build of the page is the same bytes. */
const LAST_OPEN_S = Date.UTC(2026, 10, 30, 15, 0) / 1000;
const SCALE = 2;

const round = (x: number) => Math.round(x * 10 ** SCALE) / 10 ** SCALE;

function movingAverage(values: readonly number[], period: number): (number | null)[] {
  let sum = 0;
  return values.map((value, i) => {
    sum += value - (i >= period ? values[i - period]! : 0);
    return i + 1 >= period ? sum / period : null;
  });
}

export function floorData(seed = FLOOR_SEED, count = RESET_BARS, drawn = RECENT_BARS): FloorData {
  const random = rng(seed);
  const bars: FloorBar[] = [];
  let close = 300;
  for (let i = 0; i < count; i += 1) {
    const open = close;
    close = round(Math.max(1, open * (1 + (random() - 0.5) * 0.01)));
    const high = round(Math.max(open, close) * (1 + random() * 0.003));
    const low = round(Math.min(open, close) * (1 - random() * 0.003));
    const volume = Math.round(50_000 + random() * 450_000);
    bars.push({ time: LAST_OPEN_S - (count - 1 - i) * INTERVAL_S, open, high, low, close, volume });
  }
  const closes = bars.map((b) => b.close);
  const volumes = bars.map((b) => b.volume);
  const from = Math.max(0, count - drawn);
  const cut = (values: (number | null)[]) => values.slice(from);
  return {
    bars: bars.slice(from),
    main: Object.fromEntries([5, 10, 30].map((p) => [`MA${p}`, cut(movingAverage(closes, p))])),
    sub: Object.fromEntries([5, 10].map((p) => [`MA${p}`, cut(movingAverage(volumes, p))])),
    scale: SCALE,
  };
}
