import { normCdf, normPdf } from './normal';

export type OptionKind = 'call' | 'put';

/**
 * Black-Scholes for a European option on a non-dividend stock, in plain float (normal.ts says
 * why). `years` is the time to expiry in years, `rate` the annual continuously compounded rate,
 * `vol` the annualised volatility. Callers turn `price` into money with domain/options/money.ts.
 */
export type BsInput = {
  kind: OptionKind;
  spot: number;
  strike: number;
  years: number;
  rate: number;
  vol: number;
};

/** Per share: price; delta = ∂price/∂spot; theta = the price's change over one calendar day. */
export type BsResult = { price: number; delta: number; theta: number };

const DAYS_PER_YEAR = 365;

/**
 * Fills `out` (no allocation, so the worker can reprice 200 positions a tick into the same
 * objects). Degenerate inputs have their limits: at expiry (years ≤ 0) the intrinsic value and a
 * step delta; with no volatility the discounted intrinsic of the forward, max(S − K·e^(−rT), 0)
 * for a call, and the theta of that deterministic value.
 */
export function blackScholesInto(input: BsInput, out: BsResult): BsResult {
  const { kind, spot: s, strike: k, years: t, rate: r, vol } = input;
  const call = kind === 'call';
  if (t <= 0) {
    out.price = Math.max(call ? s - k : k - s, 0);
    out.delta = call ? (s > k ? 1 : 0) : s < k ? -1 : 0;
    out.theta = 0;
    return out;
  }
  const discount = Math.exp(-r * t);
  const kd = k * discount;
  if (vol <= 0) {
    const inTheMoney = call ? s > kd : s < kd;
    out.price = inTheMoney ? (call ? s - kd : kd - s) : 0;
    out.delta = inTheMoney ? (call ? 1 : -1) : 0;
    // d/dt of ±(S − K·e^(−rt)) is ∓r·K·e^(−rt); one day less of it is the negative of that / 365.
    out.theta = inTheMoney ? ((call ? -r : r) * kd) / DAYS_PER_YEAR : 0;
    return out;
  }
  const sqrtT = Math.sqrt(t);
  const volSqrtT = vol * sqrtT;
  const d1 = (Math.log(s / k) + (r + 0.5 * vol * vol) * t) / volSqrtT;
  const d2 = d1 - volSqrtT;
  const decay = (-s * normPdf(d1) * vol) / (2 * sqrtT);
  if (call) {
    const nd2 = normCdf(d2);
    const nd1 = normCdf(d1);
    out.price = s * nd1 - kd * nd2;
    out.delta = nd1;
    out.theta = (decay - r * kd * nd2) / DAYS_PER_YEAR;
  } else {
    const nmd2 = normCdf(-d2);
    const nmd1 = normCdf(-d1);
    out.price = kd * nmd2 - s * nmd1;
    out.delta = -nmd1;
    out.theta = (decay + r * kd * nmd2) / DAYS_PER_YEAR;
  }
  // Rounding can leave a far out-of-the-money price a hair below zero.
  if (out.price < 0) out.price = 0;
  return out;
}

export function blackScholes(input: BsInput): BsResult {
  return blackScholesInto(input, { price: 0, delta: 0, theta: 0 });
}
