import { describe, expect, it } from 'vitest';
import { optionModel, type ModelInput, type PriceProcess } from './model';

const HOUR = 3_600_000;
const SESSION = 8 * HOUR;
/** The simulator's shape: half a jump a session, jumps 0.18 of 1.275 parts of the variance. */
const JUMP_SHARE = 0.18 / 1.275;

/** Its jumps' afterglow: the 0.095 of 1.275 parts of the variance the GARCH's mean has over 1. */
const AFTERGLOW_SHARE = 0.095 / 1.275;

/** Merton's mixture (no clustering), or with `clustering` the simulator's whole shape. */
const process = (
  volatility: number,
  sessionsPerYear: number,
  jumps: boolean,
  clustering = 0,
): PriceProcess => ({
  volatility,
  sessionsPerYear,
  sessionMs: SESSION,
  jumpsPerSession: jumps ? 0.5 : 0,
  jumpShare: jumps ? JUMP_SHARE : 0,
  clusterStepMs: 60_000,
  persistence: 0.96,
  afterglowShare: clustering > 0 ? AFTERGLOW_SHARE : 0,
  clustering,
});

const input = (over: Partial<ModelInput>): ModelInput => ({
  kind: 'call',
  spot: 100,
  strike: 100,
  tradingMs: SESSION,
  years: 1 / 365,
  rate: 0.4,
  process: process(0.3, 250, false),
  dayTradingMs: SESSION,
  ...over,
});

/**
 * The vectors: price by the formula below and every Greek by central differences of it, in
 * 40-digit arithmetic (mpmath), independently of the analytic derivatives the model uses.
 */
function expectGreeks(got: ReturnType<typeof optionModel>, want: number[]) {
  const [price, delta, gamma, vega, theta, rho] = want;
  expect(got.price).toBeCloseTo(price!, 10);
  expect(got.delta).toBeCloseTo(delta!, 9);
  expect(got.gamma).toBeCloseTo(gamma!, 8);
  expect(got.vega).toBeCloseTo(vega!, 9);
  expect(got.theta).toBeCloseTo(theta!, 9);
  expect(got.rho).toBeCloseTo(rho!, 10);
}

describe('the option model', () => {
  it('prices a lognormal week: the forward is the walk’s own mean, not the rate’s', () => {
    // 30% a year over 250 sessions, 5 sessions to go: w = 0.09/250·5 = 0.0018, √w = 0.0424264.
    // The log price has no drift, so F = E[S_T] = 100·e^(w/2) = 100.090041 (a 40% rate would make
    // it 100·e^(0.4·7/365) = 100.77). d1 = (ln(100/105) + w)/√w = (−0.0487902 + 0.0018)/0.0424264
    // = −1.107558; d2 = ln(100/105)/√w = −1.149997; N(d1) = 0.134035, N(d2) = 0.125077.
    // Undiscounted F·N(d1) − K·N(d2) = 13.41556 − 13.13305 = 0.281816; discounted over 7 calendar
    // days at 40%: × e^(−0.4·7/365) = 0.992359 → 0.279662.
    const got = optionModel(input({ strike: 105, tradingMs: 5 * SESSION, years: 7 / 365 }));
    expectGreeks(
      got,
      [
        0.27966131561405494, 0.13311960150500096, 0.05057742449107297, 0.031145172303673786,
        -0.0909433233106175, -5.363367696707903e-5,
      ],
    );
  });

  it('prices jumps by Merton’s series on the simulator’s shape', () => {
    // 39% a year, 11 sessions (14⅓ calendar days), 5.5 jumps expected: Σ Poisson(n; 5.5) × Black.
    const got = optionModel(
      input({
        kind: 'put',
        strike: 95,
        tradingMs: 11 * SESSION,
        years: 14.333333333333334 / 365,
        process: process(0.39, 250, true),
      }),
    );
    expectGreeks(
      got,
      [
        1.1844220621720445, -0.23606548457932697, 0.037480799565284315, 0.060190902111737214,
        -0.10730907160167924, -0.00046511551299906765,
      ],
    );
  });

  it('takes a whole calendar day of trading around the clock, to expiry in its last 8 hours', () => {
    // 8 h left: a day's theta is everything but the (nil) intrinsic value.
    const got = optionModel(
      input({
        tradingMs: 8 * HOUR,
        years: 1 / 3 / 365,
        process: process(0.82, 1095, true),
        dayTradingMs: 24 * HOUR,
      }),
    );
    expectGreeks(
      got,
      [
        0.9993409027334687, 0.5098107939818851, 0.16299718130010635, 0.012379325975764778,
        -0.9993409027334687, -9.126400938205191e-6,
      ],
    );
  });

  it('quotes a deep put at its mean payoff, under the discounted intrinsic value', () => {
    // S 100, K 112.5, 11 sessions at 39%: the forward is above the spot, so the mean payoff is
    // under 12.5 and so is the premium (12.290248, where e^(−0.4·14⅓/365)·12.5 = 12.305187
    // would charge the buyer more than the option is expected to pay); the Greeks are the
    // mixture's own.
    const got = optionModel(
      input({
        kind: 'put',
        strike: 112.5,
        tradingMs: 11 * SESSION,
        years: 14.333333333333334 / 365,
        process: process(0.39, 250, true),
      }),
    );
    expect(got.price).toBeLessThan(12.5 * Math.exp((-0.4 * 14.333333333333334) / 365));
    expectGreeks(
      got,
      [
        12.290248398319749, -0.90163569931304829, 0.019112709667078829, 0.017395088967638233,
        -0.01563863598617678, -0.0048263075902077556,
      ],
    );
  });

  it('prices one session on the clustered mixture: jumps with their afterglow, a scattered diffusion', () => {
    // 39% over 250 sessions: P = 0.1521/250 = 0.0006084 a session; one session is 480 steps of
    // a minute. Jumps: 0.5 of them, each 0.18/1.275·P/0.5 plus the afterglow inside the window,
    // 0.095/1.275·P/0.5 × (1 − (1 − 0.96^480)/(480·0.04)) = × 0.947917; the diffusion the rest
    // of P, scattered lognormally with CV² = 0.93 × 0.0968750 (clustering.ts), on five
    // Gauss–Hermite points. Each term is Black on its forward; Greeks by central differences
    // (mpmath, 40 digits).
    const session = { tradingMs: SESSION, years: 1 / 3 / 365, process: process(0.39, 250, true, 0.93) };
    expectGreeks(
      optionModel(input({ ...session, strike: 102.5 })),
      [
        0.21291254737234731, 0.15615814677136727, 0.096531288620619985, 0.015414606675692652,
        -0.21291254737234731, -1.9444068253182403e-6,
      ],
    );
    expectGreeks(
      optionModel(input({ ...session, kind: 'put', strike: 95 })),
      [
        0.021636418460644846, -0.019460668730942879, 0.016611964792462518, 0.0031084558397412905,
        -0.021636418460644846, -1.9759286265429083e-7,
      ],
    );
    // Two hours left: 120 steps, the afterglow × 0.793220 and CV² = 0.93 × 0.325621.
    expectGreeks(
      optionModel(input({ ...session, kind: 'put', strike: 97.5, tradingMs: 2 * HOUR, years: 2 / 24 / 365 })),
      [
        0.017321902023053216, -0.023193204624883157, 0.031423597776477057, 0.0019465328213317466,
        -0.017321902023053216, -3.9547721513820128e-8,
      ],
    );
  });

  it('holds call − put = e^(−rτ)·(F − K) on a lognormal forward', () => {
    // w = 0.0018 as above: F − K = 100·(e^0.0009 − 1) = 0.0900405, × 0.9923587 = 0.0893524.
    const at = { tradingMs: 5 * SESSION, years: 7 / 365 };
    const call = optionModel(input({ ...at, kind: 'call' })).price;
    const put = optionModel(input({ ...at, kind: 'put' })).price;
    expect(call - put).toBeCloseTo(Math.exp(-0.4 * (7 / 365)) * (100 * Math.exp(0.0009) - 100), 12);
    expect(call - put).toBeCloseTo(0.0893524, 7);
  });

  it('is the intrinsic value at expiry and with no volatility', () => {
    expect(optionModel(input({ spot: 104, tradingMs: 0, years: 0 }))).toMatchObject({
      price: 4,
      delta: 1,
      gamma: 0,
      vega: 0,
    });
    const flat = optionModel(input({ kind: 'put', spot: 90, process: process(0, 250, false) }));
    expect(flat.price).toBeCloseTo(10 * Math.exp(-0.4 / 365), 12);
    expect(flat.delta).toBeCloseTo(-Math.exp(-0.4 / 365), 12);
  });
});
