// options-200: one price tick reprices 200 open options on the same stock as the client's worker
// will for the option screen: Black-Scholes price, delta and theta in float into
// objects made once (domain/options/black-scholes.ts), and each premium as the truncated decimal
// string shown (premiumText, domain/options/money.ts: premiumOf's text without a Decimal). Goal: 1 ms per tick.
// options-200-float: the same work beside a plain-float textbook implementation (Abramowitz &
// Stegun 26.2.17 for Φ, premium left a float): the ratio is what an exact Φ and truncated premium text cost.
import {
  blackScholesInto,
  type BsInput,
  type BsResult,
  type OptionKind,
} from '../../domain/options/black-scholes';
import { yearsToExpiry } from '../../domain/options/grid';
import { premiumText } from '../../domain/options/money';
import { pick, rng } from '../support/random';
import type { Case } from './harness';

const POSITIONS = 200;
const TICKS = 2_000;
const HOUR = 3_600_000;
const NOW = Date.parse('2026-11-23T09:00:00Z');
const RATE = 0.4;
const VOL = 0.38;

type Open = {
  input: BsInput;
  expiresAt: number;
  out: BsResult;
  premium: string;
  delta: string;
  theta: string;
};

function positions(seed: number): Open[] {
  const random = rng(seed);
  return Array.from({ length: POSITIONS }, () => {
    const kind: OptionKind = random() < 0.5 ? 'call' : 'put';
    const strike = 87.5 + 2.5 * Math.floor(random() * 11);
    const expiresAt = NOW + pick(random, [6, 30, 102, 174, 726]) * HOUR;
    return {
      input: { kind, spot: 100, strike, years: 0, rate: RATE, vol: VOL },
      expiresAt,
      out: { price: 0, delta: 0, theta: 0 },
      premium: '',
      delta: '',
      theta: '',
    };
  });
}

/** A walk in kuruş around 100 TL, a new price every tick, 100 ms apart. */
function prices(seed: number): number[] {
  const random = rng(seed);
  let steps = 10_000;
  return Array.from({ length: TICKS }, () => {
    steps += 1 + Math.floor(random() * 5) * (random() < 0.5 ? -1 : 1);
    return steps / 100;
  });
}

function ours(list: Open[], spot: number, now: number): void {
  for (const p of list) {
    p.input.spot = spot;
    p.input.years = yearsToExpiry(now, p.expiresAt);
    blackScholesInto(p.input, p.out);
    p.premium = premiumText(p.out.price) ?? '';
    p.delta = p.out.delta.toFixed(4);
    p.theta = p.out.theta.toFixed(4);
  }
}

/** Abramowitz & Stegun 26.2.17 (|error| < 7.5e-8), the formula most float pricers copy. */
function phiAs(x: number): number {
  const t = 1 / (1 + 0.2316419 * Math.abs(x));
  const poly =
    t * (0.31938153 + t * (-0.356563782 + t * (1.781477937 + t * (-1.821255978 + t * 1.330274429))));
  const upper = Math.exp(-0.5 * x * x) * 0.3989422804014327 * poly;
  return x >= 0 ? 1 - upper : upper;
}

type Plain = {
  kind: OptionKind;
  strike: number;
  expiresAt: number;
  price: number;
  delta: number;
  theta: number;
};

function plain(list: Plain[], spot: number, now: number): void {
  for (const p of list) {
    const t = Math.max(0, (p.expiresAt - now) / (365 * 24 * HOUR));
    const sq = Math.sqrt(t);
    const d1 = (Math.log(spot / p.strike) + (RATE + 0.5 * VOL * VOL) * t) / (VOL * sq);
    const d2 = d1 - VOL * sq;
    const kd = p.strike * Math.exp(-RATE * t);
    const decay = (-spot * Math.exp(-0.5 * d1 * d1) * 0.3989422804014327 * VOL) / (2 * sq);
    if (p.kind === 'call') {
      p.price = spot * phiAs(d1) - kd * phiAs(d2);
      p.delta = phiAs(d1);
      p.theta = (decay - RATE * kd * phiAs(d2)) / 365;
    } else {
      p.price = kd * phiAs(-d2) - spot * phiAs(-d1);
      p.delta = phiAs(d1) - 1;
      p.theta = (decay + RATE * kd * phiAs(-d2)) / 365;
    }
  }
}

function setup() {
  const list = positions(20261123);
  const floats: Plain[] = list.map((p) => ({
    kind: p.input.kind,
    strike: p.input.strike,
    expiresAt: p.expiresAt,
    price: 0,
    delta: 0,
    theta: 0,
  }));
  return { list, floats, ticks: prices(15) };
}

const tickAt = (i: number) => NOW + i * 100;

export const cases: Case[] = [
  {
    kind: 'goal',
    name: 'options-200',
    unit: 'ms/tick',
    goal: 1,
    better: 'lower',
    note: `median ms per price tick over ${TICKS} ticks (after 200 warm-up): 200 open options on one stock, expiries 6 h to 30 days, premium (truncated decimal text), delta and theta`,
    check: () => {
      const { list, floats, ticks } = setup();
      for (let i = 0; i < 50; i++) {
        ours(list, ticks[i]!, tickAt(i));
        plain(floats, ticks[i]!, tickAt(i));
        list.forEach((p, j) => {
          const peer = floats[j]!;
          // A&S's Φ is good to 7.5e-8: prices agree to ~1e-5 at 100 TL.
          if (Math.abs(p.out.price - peer.price) > 2e-5 || Math.abs(p.out.delta - peer.delta) > 1e-6)
            throw new Error(
              `option ${j} at ${ticks[i]}: ${p.out.price}/${p.out.delta} ≠ ${peer.price}/${peer.delta}`,
            );
        });
      }
    },
    measure: () => {
      const { list, ticks } = setup();
      const times: number[] = [];
      for (let round = 0; round < 2; round++) {
        for (let i = 0; i < ticks.length; i++) {
          const start = performance.now();
          ours(list, ticks[i]!, tickAt(i));
          const elapsed = performance.now() - start;
          if (round === 1 || i >= 200) times.push(elapsed);
        }
      }
      times.sort((a, b) => a - b);
      return times[Math.floor(times.length / 2)]!;
    },
  },
  (() => {
    const { list, floats, ticks } = setup();
    let i = 0;
    let j = 0;
    return {
      name: 'options-200-float',
      unit: 'ticks/s',
      peerName: 'plain float (A&S Φ)',
      note: 'the options-200 tick beside the same pricing in plain float with a 7.5e-8 Φ and no Decimal: what an exact Φ and truncated premium text cost',
      ours: () => ours(list, ticks[i % TICKS]!, tickAt(i++ % TICKS)),
      peer: () => plain(floats, ticks[j % TICKS]!, tickAt(j++ % TICKS)),
    } satisfies Case;
  })(),
];
