// Streaming indicators, 1,000,000 updates on one seeded price walk: 1 in 4 updates commits a new
// bar, the others replace the live one (a ticking candle). Ours vs trading-signals 8.3, whose
// classes are all plain-number now (no Big.js classes, no Faster* twins as in earlier versions:
// its dist has none, and it has no runtime dependency). Both sides are driven through
// `update(value, replace)`, each library's cheapest entry, and the checks run that same path.
// technicalindicators has no replace, so it is timed on the same prices as adds only and reported
// beside (`others`).
import * as ti from 'technicalindicators';
import * as ts from 'trading-signals';
import { Bollinger } from '../../domain/indicators/bollinger';
import { Macd } from '../../domain/indicators/macd';
import { Ema, Sma } from '../../domain/indicators/moving-average';
import { Rsi } from '../../domain/indicators/rsi';
import { rng } from '../support/random';
import type { Case } from './harness';

const N = 1_000_000;
const SEED = 20_261_122;
const random = rng(SEED);
const prices = new Float64Array(N);
const adds = new Uint8Array(N);
for (let i = 0, p = 100; i < N; i += 1) {
  p *= 1 + (random() - 0.5) * 0.004;
  prices[i] = p;
  adds[i] = i === 0 || random() < 0.25 ? 1 : 0;
}
const at = (i: number) => prices[i] as number;
const isAdd = (i: number) => adds[i] === 1;

/** 1e-9 relative (absolute below 1: DIF and the histogram cross zero). */
function expectNear(what: string, i: number, ours: number, peer: number, tolerance = 1e-9): void {
  if (Math.abs(ours - peer) > tolerance * Math.max(Math.abs(ours), Math.abs(peer), 1)) {
    throw new Error(`${what} differs at update ${i}: ours ${ours}, peer ${peer}`);
  }
}

/** Checks `compare` on at least all but `warmup` updates, so a check can't pass by skipping. */
function expectCompared(what: string, compared: number, total: number, warmup: number): void {
  if (compared < total - warmup) throw new Error(`${what}: only ${compared} of ${total} updates compared`);
}

const TI_CHECKED = 50_000; // technicalindicators: adds only, the first 50,000 prices

type Single = { add(x: number): number; update(x: number, replace: boolean): number };
type Peer = { update(x: number, replace: boolean): unknown };
type Loops = { ours: () => unknown; peer: () => unknown; ti: () => unknown };

// The timed loops are written out per indicator on purpose: one loop shared by several classes
// would make its call sites polymorphic and time V8's inline caches rather than the indicators.
const sma: Loops = {
  ours: () => {
    const o = new Sma(20);
    for (let i = 0; i < N; i += 1) o.update(prices[i] as number, adds[i] !== 1);
    return o;
  },
  peer: () => {
    const p = new ts.SMA(20);
    for (let i = 0; i < N; i += 1) p.update(prices[i] as number, adds[i] !== 1);
    return p;
  },
  ti: () => {
    const t = new ti.SMA({ period: 20, values: [] });
    for (let i = 0; i < N; i += 1) t.nextValue(prices[i] as number);
    return t;
  },
};

const ema: Loops = {
  ours: () => {
    const o = new Ema(20, 'first');
    for (let i = 0; i < N; i += 1) o.update(prices[i] as number, adds[i] !== 1);
    return o;
  },
  peer: () => {
    const p = new ts.EMA(20);
    for (let i = 0; i < N; i += 1) p.update(prices[i] as number, adds[i] !== 1);
    return p;
  },
  ti: () => {
    const t = new ti.EMA({ period: 20, values: [] });
    for (let i = 0; i < N; i += 1) t.nextValue(prices[i] as number);
    return t;
  },
};

const rsi: Loops = {
  ours: () => {
    const o = new Rsi(14);
    for (let i = 0; i < N; i += 1) o.update(prices[i] as number, adds[i] !== 1);
    return o;
  },
  peer: () => {
    const p = new ts.RSI(14);
    for (let i = 0; i < N; i += 1) p.update(prices[i] as number, adds[i] !== 1);
    return p;
  },
  ti: () => {
    const t = new ti.RSI({ period: 14, values: [] });
    for (let i = 0; i < N; i += 1) t.nextValue(prices[i] as number);
    return t;
  },
};

/** Within 1e-9 relative, or within `absolute` when the peer rounds. */
type Tolerance = { absolute?: number };

function single(
  name: string,
  note: string,
  goal: number,
  loops: Loops,
  check: {
    ours: () => Single;
    peer: () => Peer & { getResult(): number | null };
    ti: () => { nextValue(x: number): number | undefined };
    oursForTi: () => Single;
    tiTolerance?: Tolerance;
  },
): Case {
  return {
    name,
    unit: 'updates/s',
    peerName: 'trading-signals 8.3',
    goal,
    opsPerCall: N,
    note,
    check: () => {
      const [o, p] = [check.ours(), check.peer()];
      let compared = 0;
      for (let i = 0; i < N; i += 1) {
        const mine = o.update(at(i), !isAdd(i));
        p.update(at(i), !isAdd(i));
        const theirs = p.getResult();
        if (Number.isNaN(mine) !== (theirs === null)) throw new Error(`${name} warm-up differs at ${i}`);
        if (theirs !== null) {
          expectNear(name, i, mine, theirs);
          compared += 1;
        }
      }
      expectCompared(name, compared, N, 100);
      const [o2, t] = [check.oursForTi(), check.ti()];
      const absolute = check.tiTolerance?.absolute;
      compared = 0;
      for (let i = 0; i < TI_CHECKED; i += 1) {
        const mine = o2.add(at(i));
        const theirs = t.nextValue(at(i));
        if (theirs === undefined) continue;
        if (absolute === undefined) expectNear(`${name} (technicalindicators)`, i, mine, theirs);
        else if (Math.abs(mine - theirs) > absolute)
          throw new Error(`${name} (technicalindicators) at ${i}: ${mine} vs ${theirs}`);
        compared += 1;
      }
      expectCompared(`${name} (technicalindicators)`, compared, TI_CHECKED, 100);
    },
    ours: loops.ours,
    peer: loops.peer,
    others: [{ name: 'technicalindicators 3.1 (adds only)', run: loops.ti }],
  };
}

const bollCase: Case = {
  name: 'ind-boll',
  unit: 'updates/s',
  peerName: 'trading-signals 8.3',
  goal: 10,
  opsPerCall: N,
  note: 'BOLL(20, 2), population σ; UP, MID, LOW compared on every update.',
  check: () => {
    const o = new Bollinger(20, 2);
    const p = new ts.BollingerBands(20, 2);
    let compared = 0;
    for (let i = 0; i < N; i += 1) {
      o.update(at(i), !isAdd(i));
      const r = p.update(at(i), !isAdd(i));
      if (r) {
        expectNear('UP', i, o.up, r.upper);
        expectNear('MID', i, o.mid, r.middle);
        expectNear('LOW', i, o.low, r.lower);
        compared += 1;
      }
    }
    expectCompared('ind-boll', compared, N, 100);
    const o2 = new Bollinger(20, 2);
    const t = new ti.BollingerBands({ period: 20, stdDev: 2, values: [] });
    compared = 0;
    for (let i = 0; i < TI_CHECKED; i += 1) {
      o2.add(at(i));
      const r = t.nextValue(at(i));
      if (r) {
        expectNear('UP (technicalindicators)', i, o2.up, r.upper);
        compared += 1;
      }
    }
    expectCompared('ind-boll (technicalindicators)', compared, TI_CHECKED, 100);
  },
  ours: () => {
    const o = new Bollinger(20, 2);
    for (let i = 0; i < N; i += 1) o.update(prices[i] as number, adds[i] !== 1);
    return o;
  },
  peer: () => {
    const p = new ts.BollingerBands(20, 2);
    for (let i = 0; i < N; i += 1) p.update(prices[i] as number, adds[i] !== 1);
    return p;
  },
  others: [
    {
      name: 'technicalindicators 3.1 (adds only)',
      run: () => {
        const t = new ti.BollingerBands({ period: 20, stdDev: 2, values: [] });
        for (let i = 0; i < N; i += 1) t.nextValue(prices[i] as number);
        return t;
      },
    },
  ],
};

const tsMacd = () => new ts.MACD(new ts.EMA(12), new ts.EMA(26), new ts.EMA(9));
const tiMacd = () =>
  new ti.MACD({
    values: [],
    fastPeriod: 12,
    slowPeriod: 26,
    signalPeriod: 9,
    SimpleMAOscillator: false,
    SimpleMASignal: false,
  });

const macdCase: Case = {
  name: 'ind-macd',
  unit: 'updates/s',
  peerName: 'trading-signals 8.3',
  goal: 1,
  opsPerCall: N,
  note:
    'MACD(12, 26, 9): DIF, DEA and DIF − DEA compared (the chart draws 2 × (DIF − DEA)); EMAs started ' +
    'at the first value as trading-signals does (the app starts them at the SMA, as technicalindicators, checked too).',
  check: () => {
    const o = new Macd(12, 26, 9, 'first');
    const p = tsMacd();
    let compared = 0;
    for (let i = 0; i < N; i += 1) {
      o.update(at(i), !isAdd(i));
      const r = p.update(at(i), !isAdd(i));
      if (r && o.dea === o.dea) {
        expectNear('DIF', i, o.dif, r.macd);
        expectNear('DEA', i, o.dea, r.signal);
        expectNear('DIF − DEA', i, o.histogram, r.histogram);
        compared += 1;
      }
    }
    expectCompared('ind-macd', compared, N, 200);
    const o2 = new Macd(12, 26, 9);
    const t = tiMacd();
    compared = 0;
    for (let i = 0; i < TI_CHECKED; i += 1) {
      o2.add(at(i));
      const r = t.nextValue(at(i));
      if (r?.signal !== undefined && r.MACD !== undefined) {
        expectNear('DIF (technicalindicators)', i, o2.dif, r.MACD);
        expectNear('DEA (technicalindicators)', i, o2.dea, r.signal);
        compared += 1;
      }
    }
    expectCompared('ind-macd (technicalindicators)', compared, TI_CHECKED, 100);
  },
  ours: () => {
    const o = new Macd(12, 26, 9, 'first');
    for (let i = 0; i < N; i += 1) o.update(prices[i] as number, adds[i] !== 1);
    return o;
  },
  peer: () => {
    const p = tsMacd();
    for (let i = 0; i < N; i += 1) p.update(prices[i] as number, adds[i] !== 1);
    return p;
  },
  others: [
    {
      name: 'technicalindicators 3.1 (adds only)',
      run: () => {
        const t = tiMacd();
        for (let i = 0; i < N; i += 1) t.nextValue(prices[i] as number);
        return t;
      },
    },
  ],
};

export const cases: Case[] = [
  single('ind-sma', 'SMA(20).', 3, sma, {
    ours: () => new Sma(20),
    peer: () => new ts.SMA(20),
    ti: () => new ti.SMA({ period: 20, values: [] }),
    oursForTi: () => new Sma(20),
  }),
  single(
    'ind-ema',
    'EMA(20), started at the first value as trading-signals does; technicalindicators checked against our SMA-started EMA (the app default).',
    1,
    ema,
    {
      ours: () => new Ema(20, 'first'),
      peer: () => new ts.EMA(20),
      ti: () => new ti.EMA({ period: 20, values: [] }),
      oursForTi: () => new Ema(20),
    },
  ),
  bollCase,
  macdCase,
  single(
    'ind-rsi',
    'RSI(14), Wilder smoothing started at the SMA of the first 14 changes; technicalindicators rounds RSI to 2 decimals, so it is checked within 0.005.',
    5,
    rsi,
    {
      ours: () => new Rsi(14),
      peer: () => new ts.RSI(14),
      ti: () => new ti.RSI({ period: 14, values: [] }),
      oursForTi: () => new Rsi(14),
      tiTolerance: { absolute: 0.005 + 1e-9 },
    },
  ),
];
