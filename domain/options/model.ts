import { normCdf, normPdf } from './normal';
import type { OptionKind } from './black-scholes';

/**
 * How the underlying's log price moves per unit of the time it trades: the market source's own
 * process, so a premium is what its payoff is worth on that market and not on a textbook one.
 * The simulator's log price is a driftless walk (diffusion plus Poisson jumps of normal size),
 * so E[S_T] = S·e^(w/2) for a total log variance w: the forward is above the spot by that much,
 * and no rate enters it.
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

/**
 * e^(−rτ)·E[payoff] on the process: given n jumps the log return is normal with variance
 * w_n = w_d + n·δ², so each term is Black's formula on the forward S·e^(w_n/2) (Merton's series).
 * Also ∂/∂S, ∂²/∂S² and Σ p_n·w_n·∂P_n/∂w_n (what vega scales).
 */
function expected(kind: OptionKind, s: number, k: number, sessions: number, p: PriceProcess): Core {
  const call = kind === 'call';
  const perSession = (p.volatility * p.volatility) / p.sessionsPerYear;
  const jumps = p.jumpsPerSession > 0 && p.jumpShare > 0 ? p.jumpsPerSession * sessions : 0;
  const diffusion = (jumps > 0 ? 1 - p.jumpShare : 1) * perSession * sessions;
  const jumpVariance = jumps > 0 ? (p.jumpShare * perSession) / p.jumpsPerSession : 0;
  const last = jumps > 0 ? Math.ceil(jumps + TAIL_SD * Math.sqrt(jumps) + TAIL_SD) : 0;
  const logMoneyness = Math.log(s / k);
  let weight = Math.exp(-jumps);
  const out: Core = { price: 0, delta: 0, gamma: 0, dPdW: 0 };
  for (let n = 0; n <= last; n++) {
    if (n > 0) weight *= jumps / n;
    if (weight < 1e-20) continue;
    const w = diffusion + n * jumpVariance;
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
  return out;
}

/** The premium alone (no Greeks), floored at the discounted intrinsic value of the spot. */
function premiumAt(input: ModelInput, tradingMs: number, years: number): number {
  const { kind, spot, strike, rate, process } = input;
  const discount = Math.exp(-rate * Math.max(years, 0));
  const intrinsic = Math.max(kind === 'call' ? spot - strike : strike - spot, 0);
  if (tradingMs <= 0) return discount * intrinsic;
  const core = expected(kind, spot, strike, tradingMs / process.sessionMs, process);
  return discount * Math.max(core.price, intrinsic);
}

/**
 * The premium per share and its Greeks. The premium is the discounted expected payoff on the
 * source's process, never below the discounted intrinsic value of the spot: a deep put's forward
 * is above the spot, so its expected payoff is a little under K − S, and no buyer is offered an
 * option for less than exercising it now would pay. Where that floor holds, the Greeks are the
 * floor's (a delta of ±e^(−rτ), no gamma or vega).
 */
export function optionModel(input: ModelInput): Greeks {
  const { kind, spot, strike, tradingMs, years, rate, process } = input;
  const call = kind === 'call';
  const discount = Math.exp(-rate * Math.max(years, 0));
  const intrinsic = Math.max(call ? spot - strike : strike - spot, 0);
  const live = tradingMs > 0 && process.volatility > 0;
  const core = live ? expected(kind, spot, strike, tradingMs / process.sessionMs, process) : null;
  const price = core ? discount * Math.max(core.price, intrinsic) : premiumAt(input, tradingMs, years);
  const nextDay = premiumAt(input, Math.max(tradingMs - input.dayTradingMs, 0), years - 1 / 365);
  const theta = nextDay - price;
  const rho = -Math.max(years, 0) * price * 0.01;
  if (!core || core.price < intrinsic) {
    const inTheMoney = call ? spot > strike : spot < strike;
    const delta = core || inTheMoney ? (call ? discount : -discount) : 0;
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
