import { describe, expect, it } from 'vitest';
import { rng, seedFromEnv } from '../../tests/support/random';
import { Bollinger } from './bollinger';
import { Kdj } from './kdj';
import { Macd } from './macd';
import { Ema, Sma, type EmaSeed } from './moving-average';
import { Rsi } from './rsi';
import type { BarInput } from './types';

// Each streaming indicator against a naive recomputation over the whole series after every add
// or replace, on long seeded random walks (SEED=<n> replays a failure).
type Naive = (bars: readonly BarInput[]) => number[];
type Stream = {
  add(bar: BarInput): number[];
  replace(bar: BarInput): number[];
  update(bar: BarInput, replace: boolean): number[];
};

const closes = (bars: readonly BarInput[]) => bars.map((b) => b.close);

function naiveEma(xs: readonly number[], n: number, seed: EmaSeed): number[] {
  const alpha = 2 / (n + 1);
  let e = NaN;
  return xs.map((x, i) => {
    if (seed === 'first') e = i === 0 ? x : e + alpha * (x - e);
    else if (i === n - 1) e = xs.slice(0, n).reduce((s, v) => s + v, 0) / n;
    else if (i >= n) e = e + alpha * (x - e);
    return i >= n - 1 ? e : NaN;
  });
}

const lastOf = (xs: readonly number[]) => xs[xs.length - 1] ?? NaN;

function naiveWindow(xs: readonly number[], n: number): number[] | null {
  return xs.length < n ? null : xs.slice(xs.length - n);
}

const naiveSma =
  (n: number): Naive =>
  (bars) => {
    const w = naiveWindow(closes(bars), n);
    return [w ? w.reduce((s, v) => s + v, 0) / n : NaN];
  };

const naiveBoll =
  (n: number, width: number): Naive =>
  (bars) => {
    const w = naiveWindow(closes(bars), n);
    if (!w) return [NaN, NaN, NaN];
    const mean = w.reduce((s, v) => s + v, 0) / n;
    const sd = Math.sqrt(w.reduce((s, v) => s + (v - mean) ** 2, 0) / n);
    return [mean + width * sd, mean, mean - width * sd];
  };

const naiveRsi =
  (n: number): Naive =>
  (bars) => {
    const xs = closes(bars);
    if (xs.length <= n) return [NaN];
    let gain = 0;
    let loss = 0;
    for (let i = 1; i < xs.length; i += 1) {
      const d = (xs[i] ?? 0) - (xs[i - 1] ?? 0);
      const [up, down] = [Math.max(d, 0), Math.max(-d, 0)];
      if (i <= n) [gain, loss] = [gain + up / n, loss + down / n];
      else [gain, loss] = [gain + (up - gain) / n, loss + (down - loss) / n];
    }
    return [gain + loss > 0 ? (100 * gain) / (gain + loss) : 50];
  };

const naiveMacd =
  (fast: number, slow: number, signal: number, seed: EmaSeed): Naive =>
  (bars) => {
    const xs = closes(bars);
    const f = naiveEma(xs, fast, seed);
    const s = naiveEma(xs, slow, seed);
    const dif = xs.map((_, i) => (f[i] ?? NaN) - (s[i] ?? NaN)).slice(slow - 1);
    const dea = naiveEma(dif, signal, seed);
    const d = lastOf(dif);
    const e = dea.length ? lastOf(dea) : NaN;
    return [xs.length >= slow ? d : NaN, e, 2 * (d - e)];
  };

const naiveKdj =
  (n: number, kw: number, dw: number): Naive =>
  (bars) => {
    let [k, d] = [50, 50];
    bars.forEach((bar, i) => {
      let [hh, ll] = [-Infinity, Infinity];
      for (let j = Math.max(0, i - n + 1); j <= i; j += 1) {
        hh = Math.max(hh, bars[j]?.high ?? NaN);
        ll = Math.min(ll, bars[j]?.low ?? NaN);
      }
      const rsv = hh > ll ? ((bar.close - ll) / (hh - ll)) * 100 : 50;
      k = ((kw - 1) * k + rsv) / kw;
      d = ((dw - 1) * d + k) / dw;
    });
    return bars.length >= n ? [k, d, 3 * k - 2 * d] : [NaN, NaN, NaN];
  };

type Single = { add(x: number): number; replace(x: number): number; update(x: number, r: boolean): number };
const single =
  (make: () => Single): (() => Stream) =>
  () => {
    const ind = make();
    return {
      add: (b) => [ind.add(b.close)],
      replace: (b) => [ind.replace(b.close)],
      update: (b, r) => [ind.update(b.close, r)],
    };
  };

const CASES: [string, () => Stream, Naive][] = [
  ['SMA 7', single(() => new Sma(7)), naiveSma(7)],
  ['SMA 1', single(() => new Sma(1)), naiveSma(1)],
  ['EMA 10 (SMA seed)', single(() => new Ema(10)), (b) => [lastOf(naiveEma(closes(b), 10, 'sma'))]],
  [
    'EMA 10 (first seed)',
    single(() => new Ema(10, 'first')),
    (b) => [lastOf(naiveEma(closes(b), 10, 'first'))],
  ],
  ['RSI 6', single(() => new Rsi(6)), naiveRsi(6)],
  [
    'BOLL 20,2',
    () => {
      const boll = new Bollinger(20, 2);
      const read = () => [boll.up, boll.mid, boll.low];
      return {
        add: (b) => (boll.add(b.close), read()),
        replace: (b) => (boll.replace(b.close), read()),
        update: (b, r) => (boll.update(b.close, r), read()),
      };
    },
    naiveBoll(20, 2),
  ],
  ...(['sma', 'first'] as const).map((seed): [string, () => Stream, Naive] => [
    `MACD 12,26,9 (${seed} seed)`,
    () => {
      const macd = new Macd(12, 26, 9, seed);
      const read = () => [macd.dif, macd.dea, macd.bar];
      return {
        add: (b) => (macd.add(b.close), read()),
        replace: (b) => (macd.replace(b.close), read()),
        update: (b, r) => (macd.update(b.close, r), read()),
      };
    },
    naiveMacd(12, 26, 9, seed),
  ]),
  [
    'KDJ 9,3,3',
    () => {
      const kdj = new Kdj(9, 3, 3);
      const read = () => [kdj.k, kdj.d, kdj.j];
      return {
        add: (b) => (kdj.add(b.high, b.low, b.close), read()),
        replace: (b) => (kdj.replace(b.high, b.low, b.close), read()),
        update: (b, r) => (r ? kdj.replace(b.high, b.low, b.close) : kdj.add(b.high, b.low, b.close), read()),
      };
    },
    naiveKdj(9, 3, 3),
  ],
];

/** Equal within 1e-9 relative (absolute below 1, where lines such as DIF cross zero). */
// 1e-9 of the value, a bound every seed keeps: the running sums are re-summed exactly every 1024
// commits, so what rounding they gather stays near 1024·ε of the values (worst over 250 seeds ×
// 9 cases: 4.9e-13, BOLL). Only a band's σ could magnify it, in a window whose moves are all
// below ~1e-6 of the price, and moves are uniform in ±1 % (or exactly 0, which the flat-window
// rule handles): 20 such closes in a row is beyond any seed.
const near = (a: number, b: number) =>
  (Number.isNaN(a) && Number.isNaN(b)) || Math.abs(a - b) <= 1e-9 * Math.max(Math.abs(a), Math.abs(b), 1);

describe('streaming indicators equal a naive recomputation', () => {
  for (const [name, make, naive] of CASES) {
    it(`${name}: random adds and live-bar replaces`, () => {
      const seed = seedFromEnv();
      const random = rng(seed);
      for (let run = 0; run < 4; run += 1) {
        const stream = make();
        const bars: BarInput[] = [];
        let price = 50 + random() * 100;
        // Long enough that the exact resums (every 1024 commits) happen several times.
        for (let op = 0; op < 3000; op += 1) {
          const flat = random() < 0.05;
          price = flat ? price : Math.max(0.01, price * (1 + (random() - 0.5) * 0.02));
          const spread = flat ? 0 : random() * price * 0.01;
          const bar = { high: price + spread, low: price - spread, close: price, volume: random() * 1e4 };
          const isAdd = bars.length === 0 || random() < 0.45;
          if (isAdd) bars.push(bar);
          else bars[bars.length - 1] = bar;
          // Half the runs go through `update(bar, replace)`, the branch-free entry the hot paths use.
          const got =
            run % 2 === 1 ? stream.update(bar, !isAdd) : isAdd ? stream.add(bar) : stream.replace(bar);
          const want = naive(bars);
          if (!got.every((g, i) => near(g, want[i] ?? NaN))) {
            expect.fail(`seed ${seed}, run ${run}, op ${op} (${bars.length} bars): got ${got}, want ${want}`);
          }
        }
      }
    });
  }
});
