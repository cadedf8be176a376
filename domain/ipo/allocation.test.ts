import { describe, expect, it } from 'vitest';
import { rng, seedFromEnv } from '../../tests/support/random';
import { equalDistribution, equalLevel, type Application } from './allocation';

const app = (id: string, lots: bigint, appliedAt: number): Application => ({ id, lots, appliedAt });

/** id → allotted, for short expectations. */
function split(pool: bigint, applications: Application[]): Record<string, bigint> {
  const outcome = equalDistribution(pool, applications);
  if (!outcome.ok) throw new Error(`refused: ${outcome.error.key}`);
  return Object.fromEntries(outcome.allotments.map((a) => [a.id, a.allotted]));
}

describe('equal distribution, hand-computed', () => {
  it('gives one lot each, in application order, when applicants outnumber lots', () => {
    // pool 3, 5 applicants: share ⌊3/5⌋ = 0; the smallest request (1) × 5 = 5 > 3, so nobody is
    // satisfied; leftover 3 − 0·5 = 3 → one lot each to A, B, C (earliest first).
    const apps = [app('A', 5n, 1), app('B', 2n, 2), app('C', 1n, 3), app('D', 4n, 4), app('E', 1n, 5)];
    expect(split(3n, apps)).toEqual({ A: 1n, B: 1n, C: 1n, D: 0n, E: 0n });
  });

  it('gives a single applicant what they asked for, at most the pool', () => {
    const outcome = equalDistribution(100n, [app('X', 30n, 1)]);
    // 30 ≤ ⌊100/1⌋: satisfied; 100 − 30 = 70 nobody asked for.
    expect(outcome).toMatchObject({ ok: true, allotted: 30n, unallocated: 70n });
    // 250 > 100: share 100, leftover 0.
    expect(split(100n, [app('X', 250n, 1)])).toEqual({ X: 100n });
  });

  it('serves everyone asking for one lot by time when lots run short, and all of them when not', () => {
    const apps = ['a', 'b', 'c', 'd', 'e', 'f'].map((id, i) => app(id, 1n, 10 + i));
    // pool 4 < 6: share 0, leftover 4 → a, b, c, d.
    expect(split(4n, apps)).toEqual({ a: 1n, b: 1n, c: 1n, d: 1n, e: 0n, f: 0n });
    // pool 10 ≥ 6: 1·6 ≤ 10, everyone satisfied, 4 left over.
    expect(equalDistribution(10n, apps)).toMatchObject({ allotted: 6n, unallocated: 4n });
  });

  it('splits exactly when the pool divides', () => {
    // 12 / 4 = 3 each, leftover 0.
    expect(
      split(
        12n,
        ['p', 'q', 'r', 's'].map((id, i) => app(id, 10n, i)),
      ),
    ).toEqual({
      p: 3n,
      q: 3n,
      r: 3n,
      s: 3n,
    });
    // 300 / 3 = 100: the 100 request is satisfied (100·3 ≤ 300), then ⌊200/2⌋ = 100 < 150.
    expect(split(300n, [app('x', 100n, 1), app('y', 200n, 2), app('z', 150n, 3)])).toEqual({
      x: 100n,
      y: 100n,
      z: 100n,
    });
  });

  it('re-splits what the small requests leave, round after round', () => {
    // pool 100; requests 15, 21, 30, 60, 90.
    // round 1: ⌊100/5⌋ = 20 → 15 satisfied; rest 85 among 4.
    // round 2: ⌊85/4⌋ = 21 → 21 satisfied (it was not in round 1); rest 64 among 3.
    // round 3: ⌊64/3⌋ = 21 < 30 → each gets 21, leftover 64 − 63 = 1.
    // The leftover goes to the earliest unsatisfied: E applied first.
    const apps = [app('E', 90n, 1), app('D', 60n, 2), app('C', 30n, 3), app('B', 21n, 4), app('A', 15n, 5)];
    expect(split(100n, apps)).toEqual({ E: 22n, D: 21n, C: 21n, B: 21n, A: 15n });
    // The same demand with the 30 request earliest: the leftover lot moves to it.
    const later = [app('C', 30n, 0), ...apps.filter((a) => a.id !== 'C')];
    expect(split(100n, later)).toEqual({ E: 21n, D: 21n, C: 22n, B: 21n, A: 15n });
  });

  it('never gives a leftover lot to someone already satisfied, even first in line', () => {
    // pool 7; requests a 2, b 5, c 5: 2·3 = 6 ≤ 7 → a satisfied, rest 5 among 2 → share 2,
    // leftover 1. a asked exactly the share and applied first, but only b and c are short → b.
    expect(split(7n, [app('a', 2n, 1), app('b', 5n, 2), app('c', 5n, 3)])).toEqual({ a: 2n, b: 3n, c: 2n });
  });

  it('breaks a time tie by id', () => {
    // pool 5 among 2 asking 10: share 2, leftover 1 → same time, id "m" < "n".
    expect(split(5n, [app('n', 10n, 7), app('m', 10n, 7)])).toEqual({ m: 3n, n: 2n });
  });

  it('gives everyone everything when the pool exceeds the demand', () => {
    const outcome = equalDistribution(1000n, [app('a', 10n, 1), app('b', 20n, 2), app('c', 30n, 3)]);
    // 10+20+30 = 60 allotted, 1000 − 60 = 940 unallocated.
    expect(outcome).toMatchObject({ ok: true, allotted: 60n, unallocated: 940n });
  });

  it('handles no applicants and an empty pool', () => {
    expect(equalDistribution(500n, [])).toEqual({
      ok: true,
      allotments: [],
      allotted: 0n,
      unallocated: 500n,
    });
    expect(split(0n, [app('a', 3n, 1), app('b', 1n, 2)])).toEqual({ a: 0n, b: 0n });
  });

  it('keeps every lot of numbers beyond doubles', () => {
    // pool 10^24 + 7 among 3 asking 10^30: 10^24 ≡ 1 (mod 3), so the pool ≡ 8 ≡ 2 (mod 3);
    // share (10^24 + 5)/3 = 333333333333333333333335, leftover 2 → the first two get one more.
    const pool = 10n ** 24n + 7n;
    const apps = ['a', 'b', 'c'].map((id, i) => app(id, 10n ** 30n, i));
    expect(split(pool, apps)).toEqual({
      a: 333333333333333333333336n,
      b: 333333333333333333333336n,
      c: 333333333333333333333335n,
    });
  });

  it('answers in application order whatever the input order', () => {
    const outcome = equalDistribution(7n, [app('late', 5n, 9), app('early', 5n, 1)]);
    // share ⌊7/2⌋ = 3, leftover 1 → "early".
    expect(outcome.ok && outcome.allotments).toEqual([
      { id: 'early', requested: 5n, allotted: 4n },
      { id: 'late', requested: 5n, allotted: 3n },
    ]);
  });

  it('refuses bad input with a key', () => {
    expect(equalDistribution(-1n, [])).toEqual({
      ok: false,
      error: { key: 'FIELD_INVALID', params: { field: 'pool' } },
    });
    expect(equalDistribution(5n, [app('a', 0n, 1)])).toMatchObject({
      ok: false,
      error: { key: 'FIELD_INVALID' },
    });
    expect(equalDistribution(5n, [app('a', 1n, 1), app('a', 2n, 2)])).toMatchObject({
      ok: false,
      error: { key: 'IPO_DUPLICATE_APPLICATION', params: { id: 'a' } },
    });
    expect(equalDistribution(5n, [app('a', 1n, Number.NaN)])).toMatchObject({ ok: false });
  });

  it('settles the level on groups of equal requests', () => {
    // 3 asking 2 and 2 asking 10, pool 20: 2·5 = 10 ≤ 20 → rest 14 among 2 → share 7, leftover 0.
    expect(
      equalLevel(20n, [
        { lots: 2n, applicants: 3n },
        { lots: 10n, applicants: 2n },
      ]),
    ).toEqual({ share: 7n, unsatisfied: 2n, leftover: 0n, unallocated: 0n });
  });
});

/** The rule as written, round by round, to hold the sorted single pass to it. */
function naiveRounds(pool: bigint, apps: Application[]): Map<string, bigint> {
  const given = new Map<string, bigint>();
  let rest = pool;
  let open = [...apps];
  for (;;) {
    if (open.length === 0) return given;
    const share = rest / BigInt(open.length);
    const done = open.filter((a) => a.lots <= share);
    if (done.length === 0) {
      for (const a of open) given.set(a.id, share);
      let leftover = rest - share * BigInt(open.length);
      const byTime = [...open].sort((x, y) => x.appliedAt - y.appliedAt || (x.id < y.id ? -1 : 1));
      for (const a of byTime) {
        if (leftover === 0n) break;
        given.set(a.id, share + 1n);
        leftover -= 1n;
      }
      return given;
    }
    for (const a of done) {
      given.set(a.id, a.lots);
      rest -= a.lots;
    }
    open = open.filter((a) => a.lots > share);
  }
}

describe('equal distribution, seeded random demand', () => {
  it('matches the round-by-round rule and its invariants', () => {
    const seed = seedFromEnv();
    const random = rng(seed);
    for (let run = 0; run < 300; run++) {
      const count = Math.floor(random() * 12);
      const apps = Array.from({ length: count }, (_, i) =>
        app(`u${i}`, BigInt(1 + Math.floor(random() * (random() < 0.3 ? 3 : 60))), Math.floor(random() * 5)),
      );
      const pool = BigInt(Math.floor(random() * 200));
      const outcome = equalDistribution(pool, apps);
      const context = `SEED=${seed} run ${run}`;
      expect(outcome.ok, context).toBe(true);
      if (!outcome.ok) return;
      const expected = naiveRounds(pool, apps);
      const demand = apps.reduce((s, a) => s + a.lots, 0n);
      expect(outcome.allotted, context).toBe(pool < demand ? pool : demand);
      expect(outcome.allotted + outcome.unallocated, context).toBe(pool);
      const short = outcome.allotments.filter((a) => a.allotted < a.requested).map((a) => a.allotted);
      for (const a of outcome.allotments) {
        expect(a.allotted, context).toBe(expected.get(a.id));
        expect(a.allotted <= a.requested, context).toBe(true);
        // Nobody short of their request is more than one lot behind anyone else.
        for (const s of short) expect(a.allotted - s <= 1n, context).toBe(true);
      }
    }
  });
});
