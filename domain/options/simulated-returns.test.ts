import { describe, expect, it } from 'vitest';
import { DAY_MS, HOUR_MS } from '../time';
import type { PriceProcess } from './model';
import { normCdf } from './normal';
import {
  MAX_SIMULATION_DATES,
  simulatedCurve,
  simulatedReturn,
  simulationDates,
  valueAt,
  type SimulationTerms,
} from './simulated-returns';

/** A plain lognormal walk (no jumps, no clustering): Black's formula on the walk's own forward. */
const lognormal = (volatility: number, sessionsPerYear: number, sessionMs: number): PriceProcess => ({
  volatility,
  sessionsPerYear,
  sessionMs,
  jumpsPerSession: 0,
  jumpShare: 0,
  clusterStepMs: 60_000,
  persistence: 0.96,
  afterglowShare: 0,
  clustering: 0,
});

/** 20% a year over 365 daily sessions, around the clock, 36.5 days to go: w = 0.04 × 0.1 = 0.004. */
const terms = (over: Partial<SimulationTerms> = {}): SimulationTerms => ({
  kind: 'call',
  strike: '100',
  premium: '2.5',
  multiplier: 100,
  contracts: '2',
  expiresAt: 36.5 * DAY_MS,
  rate: '0',
  process: lognormal(0.2, 365, DAY_MS),
  sessions: null,
  ...over,
});

describe('simulated returns at expiry: intrinsic − premium', () => {
  it('a call in the money: (110 − 100 − 2.5) × 100 × 2 = 1500, 1500 / 500 = 3', () => {
    const r = simulatedReturn(terms(), '110', terms().expiresAt)!;
    expect(r.value.toFixed()).toBe('10');
    expect(r.pnl.toFixed()).toBe('1500');
    expect(r.ratio?.toFixed()).toBe('3');
  });

  it('a call out of the money loses the premium paid and no more: −2.5 × 200 = −500, ratio −1', () => {
    const r = simulatedReturn(terms(), '90', terms().expiresAt + DAY_MS)!;
    expect(r.value.toFixed()).toBe('0');
    expect(r.pnl.toFixed()).toBe('-500');
    expect(r.ratio?.toFixed()).toBe('-1');
  });

  it('a put at its breakeven makes nothing: K − premium = 97.5 → (2.5 − 2.5) × 200 = 0', () => {
    const r = simulatedReturn(terms({ kind: 'put' }), '97.5', terms().expiresAt)!;
    expect(r.pnl.toFixed()).toBe('0');
  });
});

describe('simulated returns before expiry: model value − premium', () => {
  it('an at-the-money call 36.5 days out: 100·e^0.002·Φ(√0.004) − 50 = 2.62659…', () => {
    // d1 = √w = 0.0632456, Φ(d1) = 0.5252150; 100.2002 × 0.5252150 − 50 = 2.6265995 (mpmath, 30 digits).
    const r = simulatedReturn(terms(), '100', 0)!;
    expect(r.value.toFixed()).toBe('2.6265');
    // (2.6265 − 2.5) × 100 × 2 = 25.30; 25.30 / 500 = 0.0506.
    expect(r.pnl.toFixed()).toBe('25.3');
    expect(r.ratio?.toFixed()).toBe('0.0506');
  });

  it('a put discounted over the calendar: K·Φ(−d2) − F·Φ(−d1) at 36.5% for 0.1 year = 5.37870…', () => {
    // S 95, K 100: d2 = ln 0.95/√0.004 = −0.811022, d1 = −0.747776; F = 95·e^0.002 = 95.190190;
    // e^(−0.0365) × (100 × 0.791329 − 95.190190 × 0.772697) = 5.3787013 (mpmath).
    const put = terms({ kind: 'put', premium: '5', contracts: '1', rate: '0.365' });
    const r = simulatedReturn(put, '95', 0)!;
    expect(r.value.toFixed()).toBe('5.3787');
    expect(r.pnl.toFixed()).toBe('37.87');
    // 37.87 / 500 = 0.07574, truncated to 4 places.
    expect(r.ratio?.toFixed()).toBe('0.0757');
  });

  it('counts only the trading time left: two 8-hour sessions at 30% over 250 sessions price 5.07403…', () => {
    // w = 0.09 / 250 × 2 = 0.00072, whatever the nights and the weekend between the sessions.
    const sessions = [
      { open: 10 * HOUR_MS, close: 18 * HOUR_MS },
      { open: 3 * DAY_MS + 10 * HOUR_MS, close: 3 * DAY_MS + 18 * HOUR_MS },
    ];
    const t = terms({ process: lognormal(0.3, 250, 8 * HOUR_MS), sessions, expiresAt: sessions[1]!.close });
    expect(valueAt(t, '105', 0)?.toFixed()).toBe('5.074');
    // Halfway through the second session half a session is left: w = 0.09 / 250 × 0.5.
    const half = 3 * DAY_MS + 14 * HOUR_MS;
    // w = 0.00018: 105·e^0.00009·Φ(d1) − 100·Φ(d2) = 5.0094954 (mpmath).
    expect(valueAt(t, '105', half)?.toFixed()).toBe('5.0094');
  });

  it('has no answer for a spot that is not a positive number, before expiry or at it', () => {
    expect(simulatedReturn(terms(), 'NaN', 0)).toBeNull();
    expect(simulatedReturn(terms(), '0', 0)).toBeNull();
    expect(simulatedReturn(terms(), '-1', terms().expiresAt)).toBeNull();
    // Φ's series stops on a NaN too, instead of summing forever.
    expect(normCdf(NaN)).toBeNaN();
  });
});

describe('the curve and the dates', () => {
  it('spaces the prices evenly, cut to the price scale, and reads each at the date', () => {
    const curve = simulatedCurve(terms(), { lo: '90', hi: '110', steps: 3, scale: 2 }, terms().expiresAt);
    expect(curve.map((p) => p.spot.toFixed())).toEqual(['90', '96.66', '103.33', '110']);
    // (0 − 2.5) × 200, (0 − 2.5) × 200, (3.33 − 2.5) × 200, (10 − 2.5) × 200.
    expect(curve.map((p) => p.pnl.toFixed())).toEqual(['-500', '-500', '166', '1500']);
  });

  it('offers every hour of a day’s option, every day of a month’s, and always ends on the expiry', () => {
    expect(simulationDates(0, 5 * HOUR_MS + 30 * 60_000)).toEqual([
      0,
      HOUR_MS,
      2 * HOUR_MS,
      3 * HOUR_MS,
      4 * HOUR_MS,
      5 * HOUR_MS,
      5 * HOUR_MS + 30 * 60_000,
    ]);
    const month = simulationDates(1000, 1000 + 30 * DAY_MS);
    expect(month).toHaveLength(31);
    expect(month[1]).toBe(1000 + DAY_MS);
    expect(month.at(-1)).toBe(1000 + 30 * DAY_MS);
    expect(simulationDates(0, 200 * DAY_MS).length).toBeLessThanOrEqual(MAX_SIMULATION_DATES);
    expect(simulationDates(10, 5)).toEqual([5]);
  });
});
