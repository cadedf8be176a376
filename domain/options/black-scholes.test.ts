import { describe, expect, it } from 'vitest';
import { blackScholes, blackScholesInto, type BsInput } from './black-scholes';
import { normCdf } from './normal';
import { premiumOf } from './money';

const bs = (kind: 'call' | 'put', spot: number, strike: number, years: number, rate: number, vol: number) =>
  blackScholes({ kind, spot, strike, years, rate, vol });

describe('the normal distribution', () => {
  it('matches the tables to 1e-15', () => {
    // Φ(0) = ½; Φ(1) = 0.841344746068542949…; Φ(1.96) = 0.975002104851779564…; Φ(−3) = 0.001349898031630094…
    expect(normCdf(0)).toBe(0.5);
    expect(normCdf(1)).toBeCloseTo(0.841344746068542949, 15);
    expect(normCdf(-1)).toBeCloseTo(0.158655253931457051, 15);
    expect(normCdf(1.96)).toBeCloseTo(0.975002104851779564, 15);
    expect(normCdf(-3)).toBeCloseTo(0.00134989803163009453, 15);
    expect(normCdf(5)).toBeCloseTo(0.999999713348428121, 15);
    expect([normCdf(-9), normCdf(9)]).toEqual([0, 1]);
  });
});

describe('Black-Scholes', () => {
  it("prices Hull's textbook example (S 42, K 40, r 10%, σ 20%, T ½)", () => {
    // d1 = (ln(42/40) + (0.1 + 0.2²/2)·0.5) / (0.2·√0.5) = (0.048790 + 0.06) / 0.141421 = 0.769263
    // d2 = d1 − 0.141421 = 0.627841;  N(d1) = 0.779131, N(d2) = 0.734946;  K·e^(−0.05) = 38.049177
    // call = 42·0.779131 − 38.049177·0.734946 = 32.723514 − 27.964092 = 4.759422
    // put  = 38.049177·(1 − 0.734946) − 42·(1 − 0.779131) = 10.085085 − 9.276486 = 0.808599
    const call = bs('call', 42, 40, 0.5, 0.1, 0.2);
    const put = bs('put', 42, 40, 0.5, 0.1, 0.2);
    expect(call.price).toBeCloseTo(4.75942239287153, 12);
    expect(put.price).toBeCloseTo(0.808599372900094, 12);
    expect(premiumOf(call.price)?.toFixed()).toBe('4.7594');
    expect(premiumOf(put.price)?.toFixed()).toBe('0.8085');
    // delta: N(d1) and N(d1) − 1
    expect(call.delta).toBeCloseTo(0.779131290943, 11);
    expect(put.delta).toBeCloseTo(-0.220868709057, 11);
    // theta/day: (−S·φ(d1)·σ/(2√T) ∓ r·K·e^(−rT)·N(±d2)) / 365, φ(d1) = 0.296569:
    // decay = −42·0.296569·0.2/(2·0.707107) = −1.761601
    // call (−1.761601 − 0.1·38.049177·0.734946)/365 = −4.557991/365 = −0.012491
    // put  (−1.761601 + 0.1·38.049177·0.265054)/365 = −0.754182/365 = −0.002066
    expect(call.theta).toBeCloseTo(-0.0124906635468, 11);
    expect(put.theta).toBeCloseTo(-0.00206623149751, 11);
  });

  it('at the money on Turkish rates (S = K = 100, r 40%, σ 30%, 30 days)', () => {
    // T = 30/365 = 0.082192; σ√T = 0.086007; d1 = (0 + (0.4 + 0.045)·0.082192)/0.086007 = 0.425258
    // d2 = 0.339251; N(d1) = 0.664676, N(d2) = 0.632790; K·e^(−rT) = 100·e^(−0.032877) = 96.765785
    // call = 66.467586 − 61.232394 = 5.235192;  put = 96.765785·0.367210 − 100·0.335324 = 2.000977
    const call = bs('call', 100, 100, 30 / 365, 0.4, 0.3);
    const put = bs('put', 100, 100, 30 / 365, 0.4, 0.3);
    expect(call.price).toBeCloseTo(5.2351918641815, 12);
    expect(put.price).toBeCloseTo(2.00097711602094, 12);
    expect(call.delta).toBeCloseTo(0.664675860191, 11);
    expect(call.theta).toBeCloseTo(-0.119346538782, 11);
    expect(put.theta).toBeCloseTo(-0.0133018426156, 11);
  });

  it('keeps put-call parity: c − p = S − K·e^(−rT)', () => {
    // 4.759422 − 0.808599 = 3.950823 = 42 − 38.049177; 5.235192 − 2.000977 = 3.234215 = 100 − 96.765785
    for (const [s, k, t, r, v] of [
      [42, 40, 0.5, 0.1, 0.2],
      [100, 100, 30 / 365, 0.4, 0.3],
      [87.35, 92.5, 3 / 365, 0.45, 0.48],
      [12.4, 10, 1, 0, 0.9],
    ] as const) {
      const gap = bs('call', s, k, t, r, v).price - bs('put', s, k, t, r, v).price;
      expect(gap).toBeCloseTo(s - k * Math.exp(-r * t), 12);
      expect(bs('call', s, k, t, r, v).delta - bs('put', s, k, t, r, v).delta).toBeCloseTo(1, 14);
    }
  });

  it('deep in and out of the money', () => {
    // K 50 (d1 = 8.484): the call is the forward's discounted intrinsic, 100 − 50·e^(−0.032877)
    // = 100 − 48.382893 = 51.617107; the put is worth ~1e-17 (0 after truncation).
    const deepCall = bs('call', 100, 50, 30 / 365, 0.4, 0.3);
    expect(deepCall.price).toBeCloseTo(51.6171073740803, 11);
    expect(deepCall.delta).toBe(1);
    expect(premiumOf(bs('put', 100, 50, 30 / 365, 0.4, 0.3).price)?.toFixed()).toBe('0');
    // K 150 (d1 = −4.289): call 1.6138e-5 (0 after truncation), put 145.148694 − 100·(1 − 8.97e-6) = 45.148694
    const otm = bs('call', 100, 150, 30 / 365, 0.4, 0.3);
    // The call is a difference of two terms near 1e-3, so its float error is ~3e-14 absolute: far
    // below the 1e-4 a premium keeps.
    expect(otm.price).toBeCloseTo(1.61382833193481e-5, 13);
    expect(premiumOf(otm.price)?.toFixed()).toBe('0');
    expect(otm.delta).toBeCloseTo(8.97192995359e-6, 15);
    expect(bs('put', 100, 150, 30 / 365, 0.4, 0.3).price).toBeCloseTo(45.1486940160425, 11);
  });

  it('tends to the intrinsic value as expiry nears, and is it at expiry', () => {
    // One millisecond before expiry σ√T = 0.3·√(1/3.1536e10) = 1.7e-6: d1 = ln(1.05)/1.7e-6 ≫ 8.
    const ms = 1 / (365 * 86_400_000);
    expect(bs('call', 105, 100, ms, 0.4, 0.3).price).toBeCloseTo(5, 8);
    expect(bs('put', 105, 100, ms, 0.4, 0.3).price).toBeCloseTo(0, 12);
    expect(bs('put', 95, 100, 0, 0.4, 0.3)).toEqual({ price: 5, delta: -1, theta: 0 });
    expect(bs('call', 95, 100, 0, 0.4, 0.3)).toEqual({ price: 0, delta: 0, theta: 0 });
    expect(bs('call', 95, 100, -1, 0.4, 0.3).price).toBe(0);
  });

  it('with no volatility is the discounted intrinsic of the forward', () => {
    // S 100, K 100, r 40%, T 30/365: K·e^(−rT) = 96.765785; call = 100 − 96.765785 = 3.234215, put 0.
    // theta = −r·K·e^(−rT)/365 = −0.4·96.765785/365 = −0.106045 a day.
    const call = bs('call', 100, 100, 30 / 365, 0.4, 0);
    expect(call.price).toBeCloseTo(100 - 96.7657852518, 9);
    expect(call.delta).toBe(1);
    expect(call.theta).toBeCloseTo((-0.4 * 96.7657852518) / 365, 9);
    expect(bs('put', 100, 100, 30 / 365, 0.4, 0)).toEqual({ price: 0, delta: 0, theta: 0 });
    // A put is in the money only when K·e^(−rT) > S: 110·e^(−0.032877) = 106.442364 > 100 → 6.442364.
    expect(bs('put', 100, 110, 30 / 365, 0.4, 0).price).toBeCloseTo(
      110 * Math.exp(-0.4 * (30 / 365)) - 100,
      12,
    );
  });

  it('fills the caller’s object without allocating another', () => {
    const out = { price: 0, delta: 0, theta: 0 };
    const input: BsInput = { kind: 'call', spot: 42, strike: 40, years: 0.5, rate: 0.1, vol: 0.2 };
    expect(blackScholesInto(input, out)).toBe(out);
    expect(out.price).toBeCloseTo(4.75942239287153, 12);
  });
});
