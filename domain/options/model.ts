import { afterglowInside, clusterScatter, lognormalPoints } from './clustering';
import { normCdf, normPdf } from './normal';
import type { OptionKind } from './black-scholes';

/**
 * How the underlying's log price moves per unit of the time it trades: the market source's own
 * process, so a premium is what its payoff is worth on that market and not on a textbook one.
 * The simulator's log price is a driftless walk (a diffusion whose variance clusters, plus
 * Poisson jumps of normal size), so E[S_T] = S·E[e^(w/2)] over its log variance w: the forward
 * is above the spot by that much, and no rate enters it.
 */
export type PriceProcess = {
  /** Annualised volatility over `sessionsPerYear` sessions of trading: the figure the rule shows. */
  volatility: number;
  sessionsPerYear: number;
  /** Trading time of one session, in ms (what `tradingMs` is counted in). */
  sessionMs: number;
  /** Jumps per session of trading (Poisson), and the share of a session's log variance they make. */
  jumpsPerSession: number;
  jumpShare: number;
  /**
   * The diffusion's variance clusters (domain/options/clustering): it moves once a
   * `clusterStepMs` of trading, a move keeping `persistence` of itself a step later.
   */
  clusterStepMs: number;
  persistence: number;
  /**
   * The share of a session's log variance that jumps' afterglow makes in the long run (a jump
   * leaves the diffusion hot for a while): part of the diffusion that comes with the jumps, and
   * is cut at a window's end.
   */
  afterglowShare: number;
  /**
   * How far a window's diffusion variance scatters from its mean: its squared coefficient of
   * variation is this × clusterScatter(steps in the window). 0: no scatter (Merton's mixture).
   */
  clustering: number;
};

export type ModelInput = {
  kind: OptionKind;
  spot: number;
  strike: number;
  /** Trading time until expiry on the calendar in force (sessions, weekends and holidays excluded). */
  tradingMs: number;
  /** Calendar time until expiry in 365-day years: what the premium is discounted over. */
  years: number;
  /** Annual continuously compounded rate the premium is discounted at (not a drift). */
  rate: number;
  process: PriceProcess;
  /** Trading time one day of the calendar in force takes: a session, or 24 h around the clock. */
  dayTradingMs: number;
};

/**
 * Per share: price; delta = ∂price/∂spot; gamma = ∂delta/∂spot; vega = the price's change for one
 * volatility point (0.01 of the annual figure); theta = its change over one day of the calendar
 * in force; rho = its change for one per cent of rate.
 */
export type Greeks = {
  price: number;
  delta: number;
  gamma: number;
  vega: number;
  theta: number;
  rho: number;
};

type Core = { price: number; delta: number; gamma: number; dPdW: number };

/** Jump counts past this many standard deviations above the mean weigh less than 1e-20. */
const TAIL_SD = 10;
/** A Poisson weight below which a jump count is left out. */
const NEGLIGIBLE = 1e-14;

/**
 * The window's log return as a mixture of normals: Poisson(jumps) jumps, each adding
 * `jumpVariance` (its own size and the part of its afterglow inside the window), over a diffusion
 * whose variance is `diffusion` × a lognormal factor (clustering.ts's points) — the rest of the
 * total P·sessions, so E[X²] is the process's whatever the scatter.
 */
function mixtureOf(sessions: number, p: PriceProcess) {
  const perSession = (p.volatility * p.volatility) / p.sessionsPerYear;
  const steps = (sessions * p.sessionMs) / p.clusterStepMs;
  const jumping = p.jumpsPerSession > 0 && p.jumpShare > 0;
  const jumps = jumping ? p.jumpsPerSession * sessions : 0;
  const glow = jumping ? p.afterglowShare * afterglowInside(steps, p.persistence) : 0;
  const jumpVariance = jumping ? ((p.jumpShare + glow) * perSession) / p.jumpsPerSession : 0;
  const diffusion = Math.max(perSession * sessions - jumps * jumpVariance, 0);
  const points = lognormalPoints(p.clustering * clusterScatter(steps, p.persistence));
  return { jumps, jumpVariance, diffusion, points };
}

/**
 * e^(−rτ)·E[payoff] on the process: given n jumps and the diffusion's variance the log return is
 * normal with variance w, so each term is Black's formula on the forward S·e^(w/2) (Merton's
 * series, each term a lognormal's five points). Also ∂/∂S, ∂²/∂S² and Σ p·w·∂P/∂w (what vega scales).
 */
function expected(kind: OptionKind, s: number, k: number, sessions: number, p: PriceProcess): Core {
  const call = kind === 'call';
  const { jumps, jumpVariance, diffusion, points } = mixtureOf(sessions, p);
  const last = jumps > 0 ? Math.ceil(jumps + TAIL_SD * Math.sqrt(jumps) + TAIL_SD) : 0;
  const logMoneyness = Math.log(s / k);
  let poisson = Math.exp(-jumps);
  const out: Core = { price: 0, delta: 0, gamma: 0, dPdW: 0 };
  for (let n = 0; n <= last; n++) {
    if (n > 0) poisson *= jumps / n;
    // A jump count this unlikely moves a premium by less than 1e-12 of the spot; past the mean
    // every further count is less likely still.
    if (poisson < NEGLIGIBLE) {
      if (n > jumps) break;
      continue;
    }
    for (let i = 0; i < points.factors.length; i++) {
      const weight = poisson * points.weights[i]!;
      const w = diffusion * points.factors[i]! + n * jumpVariance;
      if (w <= 0) {
        const inTheMoney = call ? s > k : s < k;
        out.price += weight * (inTheMoney ? Math.abs(s - k) : 0);
        out.delta += weight * (inTheMoney ? (call ? 1 : -1) : 0);
        continue;
      }
      const root = Math.sqrt(w);
      const forward = s * Math.exp(w / 2);
      const d1 = (logMoneyness + w) / root;
      const d2 = logMoneyness / root;
      const nd1 = normCdf(d1);
      const pdf = normPdf(d1);
      // A put's terms by Φ(−x), not 1 − Φ(x), which cancels to nothing far out of the money.
      const price = call ? forward * nd1 - k * normCdf(d2) : k * normCdf(-d2) - forward * normCdf(-d1);
      const slope = call ? nd1 : nd1 - 1;
      out.price += weight * price;
      out.delta += weight * slope * Math.exp(w / 2);
      out.gamma += (weight * Math.exp(w / 2) * pdf) / (s * root);
      // Black's ∂/∂w at a fixed forward is F·φ(d1)/(2√w); the forward itself moves by F/2 per unit w.
      out.dPdW += weight * w * ((forward * slope) / 2 + (forward * pdf) / (2 * root));
    }
  }
  // The mean of a non-negative payoff is not negative: only rounding can make it so.
  out.price = Math.max(out.price, 0);
  return out;
}

/** The premium alone (no Greeks): the discounted mean payoff, the intrinsic value at expiry. */
function premiumAt(input: ModelInput, tradingMs: number, years: number): number {
  const { kind, spot, strike, rate, process } = input;
  const discount = Math.exp(-rate * Math.max(years, 0));
  if (tradingMs <= 0 || !(process.volatility > 0))
    return discount * Math.max(kind === 'call' ? spot - strike : strike - spot, 0);
  return discount * expected(kind, spot, strike, tradingMs / process.sessionMs, process).price;
}

/**
 * The premium per share and its Greeks: the discounted expected payoff on the source's process,
 * and nothing else. A deep put's is a little under the discounted K − S (the forward is above
 * the spot), and it is quoted so: a floor at the intrinsic value would charge the buyer more
 * than the option is expected to pay. With no time or no volatility left the payoff is the
 * intrinsic value, with a step delta.
 */
export function optionModel(input: ModelInput): Greeks {
  const { kind, spot, strike, tradingMs, years, rate, process } = input;
  const call = kind === 'call';
  const discount = Math.exp(-rate * Math.max(years, 0));
  const live = tradingMs > 0 && process.volatility > 0;
  const core = live ? expected(kind, spot, strike, tradingMs / process.sessionMs, process) : null;
  const price = core ? discount * core.price : premiumAt(input, tradingMs, years);
  const nextDay = premiumAt(input, Math.max(tradingMs - input.dayTradingMs, 0), years - 1 / 365);
  const theta = nextDay - price;
  const rho = -Math.max(years, 0) * price * 0.01;
  if (!core) {
    const inTheMoney = call ? spot > strike : spot < strike;
    const delta = inTheMoney ? (call ? discount : -discount) : 0;
    return { price, delta, gamma: 0, vega: 0, theta, rho };
  }
  return {
    price,
    delta: discount * core.delta,
    gamma: discount * core.gamma,
    // Every variance is ∝ σ², so ∂w/∂σ = 2w/σ; one point is 0.01 of σ.
    vega: (discount * core.dPdW * 2 * 0.01) / process.volatility,
    theta,
    rho,
  };
}
