import Decimal from 'decimal.js';

/**
 * Black-Scholes for European options, Decimal in and out — the ticket's stand-in for
 * domain/options (built in parallel on h-opt-srv); at merge this file is pointed at it, so keep
 * the signatures. Prices are per share; `years` is the time to expiry, `vol` and `rate` annual.
 * No formula here can fail: an expired option or zero volatility falls back to its limit.
 */
export type Kind = 'call' | 'put';
type Num = Decimal.Value;

// 40 digits: the erf series below adds terms up to ~1e7 that cancel to a value near 0..1.
const D = Decimal.clone({ precision: 40 });
const ZERO = new D(0);
const HALF = new D(0.5);
const SQRT2 = new D(2).sqrt();
const SQRT2PI = new D(2).times(D.acos(-1)).sqrt();
const DAYS_PER_YEAR = 365;

/** erf by its Maclaurin series; beyond |x| = 6 it is ±1 to 16 digits. */
function erf(x: Decimal): Decimal {
  if (x.abs().gt(6)) return new D(x.isNegative() ? -1 : 1);
  const x2 = x.times(x);
  let term = x; // (-1)^n x^(2n+1) / n!
  let sum = x;
  for (let n = 1; n < 400; n++) {
    term = term.times(x2).neg().div(n);
    const add = term.div(2 * n + 1);
    sum = sum.plus(add);
    if (add.abs().lt('1e-30')) break;
  }
  return sum.times(2).div(D.acos(-1).sqrt());
}

/** The standard normal distribution function N(x). */
export function normCdf(x: Num): Decimal {
  return HALF.times(erf(new D(x).div(SQRT2)).plus(1));
}

function normPdf(x: Decimal): Decimal {
  return x.times(x).div(-2).exp().div(SQRT2PI);
}

type Inputs = { s: Decimal; k: Decimal; t: Decimal; v: Decimal; r: Decimal; disc: Decimal };

function inputs(spot: Num, strike: Num, years: Num, vol: Num, rate: Num): Inputs {
  const t = D.max(new D(years), ZERO);
  const r = new D(rate);
  return { s: new D(spot), k: new D(strike), t, v: new D(vol), r, disc: r.neg().times(t).exp() };
}

/** d1 and d2, or null where they have no value (expired, no volatility). */
function ds({ s, k, t, v, r }: Inputs): { d1: Decimal; d2: Decimal } | null {
  if (t.lte(0) || v.lte(0) || s.lte(0) || k.lte(0)) return null;
  const vst = v.times(t.sqrt());
  const d1 = s
    .div(k)
    .ln()
    .plus(r.plus(v.times(v).div(2)).times(t))
    .div(vst);
  return { d1, d2: d1.minus(vst) };
}

/** The premium per share: max(S − K·e^(−rT), 0) (call) or max(K·e^(−rT) − S, 0) (put) at the limits. */
export function premium(spot: Num, strike: Num, years: Num, vol: Num, rate: Num, kind: Kind): Decimal {
  const x = inputs(spot, strike, years, vol, rate);
  const kd = x.k.times(x.disc);
  const d = ds(x);
  if (!d) return D.max(kind === 'call' ? x.s.minus(kd) : kd.minus(x.s), ZERO);
  const value =
    kind === 'call'
      ? x.s.times(normCdf(d.d1)).minus(kd.times(normCdf(d.d2)))
      : kd.times(normCdf(d.d2.neg())).minus(x.s.times(normCdf(d.d1.neg())));
  return D.max(value, ZERO);
}

/** ∂premium/∂spot: N(d1) for a call, N(d1) − 1 for a put; a step at the limits. */
export function delta(spot: Num, strike: Num, years: Num, vol: Num, rate: Num, kind: Kind): Decimal {
  const x = inputs(spot, strike, years, vol, rate);
  const d = ds(x);
  if (!d) {
    const inTheMoney = kind === 'call' ? x.s.gt(x.k.times(x.disc)) : x.s.lt(x.k.times(x.disc));
    return new D(inTheMoney ? (kind === 'call' ? 1 : -1) : 0);
  }
  const n = normCdf(d.d1);
  return kind === 'call' ? n : n.minus(1);
}

/** What a day closer to expiry does to the premium per share (Black-Scholes theta ÷ 365); 0 at the limits. */
export function thetaPerDay(spot: Num, strike: Num, years: Num, vol: Num, rate: Num, kind: Kind): Decimal {
  const x = inputs(spot, strike, years, vol, rate);
  const d = ds(x);
  if (!d) return ZERO;
  const decay = x.s.times(normPdf(d.d1)).times(x.v).div(x.t.sqrt().times(2)).neg();
  const carry = x.r.times(x.k).times(x.disc);
  const annual =
    kind === 'call' ? decay.minus(carry.times(normCdf(d.d2))) : decay.plus(carry.times(normCdf(d.d2.neg())));
  return annual.div(DAYS_PER_YEAR);
}

/** Per share at expiry: max(S − K, 0) or max(K − S, 0). */
export function payoff(kind: Kind, strike: Num, price: Num): Decimal {
  const diff = new D(price).minus(strike);
  return D.max(kind === 'call' ? diff : diff.neg(), ZERO);
}

/** The underlying's price at expiry where the payoff repays the premium (fees aside). */
export function breakeven(kind: Kind, strike: Num, premiumPerShare: Num): Decimal {
  return kind === 'call' ? new D(strike).plus(premiumPerShare) : new D(strike).minus(premiumPerShare);
}

/** The rule's fee on a premium total: max(total × feeRate, minFee), to the kuruş (rounded up). */
export function fee(premiumTotal: Num, feeRate: Num, minFee: Num): Decimal {
  return D.max(new D(premiumTotal).times(feeRate), new D(minFee)).toDecimalPlaces(2, Decimal.ROUND_UP);
}
