import { describe, expect, it } from 'vitest';
import { rng, seedFromEnv } from '../../tests/support/random';
import type { Application } from './allocation';
import { lotteryAllocation } from './lottery';
import { seededUint32, uniformBelow } from './seeded-random';

const app = (id: string, lots: bigint, appliedAt: number): Application => ({ id, lots, appliedAt });

function won(outcome: ReturnType<typeof lotteryAllocation>): Record<string, bigint> {
  if (!outcome.ok) throw new Error(`refused: ${outcome.error.key}`);
  return Object.fromEntries(outcome.allotments.map((a) => [a.id, a.allotted]));
}

describe('seeded generator', () => {
  it('is cyrb128 + sfc32 with 12 outputs discarded (pinned: an audit depends on these numbers)', () => {
    // Also checked against bryc's published reference code of both functions.
    const next = seededUint32('seans');
    expect([next(), next(), next(), next()]).toEqual([2916991480, 1793588359, 1639487894, 2192548047]);
  });

  it('draws below any bound, big ones included', () => {
    const below = uniformBelow(seededUint32('bounds'));
    for (let i = 0; i < 200; i++) expect(below(1n)).toBe(0n);
    const big = 2n ** 70n + 3n;
    for (let i = 0; i < 200; i++) {
      const value = below(big);
      expect(value >= 0n && value < big).toBe(true);
    }
    expect(() => below(0n)).toThrow(RangeError);
  });
});

describe('lottery, hand-computed', () => {
  it('gives every ticket when the pool covers them, drawing nothing', () => {
    // 3 + 4 = 7 tickets ≤ 10 winning tickets; 10 − 7 = 3 left.
    const outcome = lotteryAllocation(10n, [app('a', 3n, 1), app('b', 4n, 2)], 'x');
    expect(outcome).toMatchObject({ ok: true, allotted: 7n, unallocated: 3n, drawn: 'none', draws: 0n });
    expect(won(outcome)).toEqual({ a: 3n, b: 4n });
  });

  it('gives a single applicant the whole pool whatever the seed', () => {
    // 4 winning of 10 tickets, all held by X: 4 ≤ 6 losers, so 4 winners are drawn.
    for (const seed of ['1', '2', 'three'])
      expect(lotteryAllocation(4n, [app('X', 10n, 1)], seed)).toMatchObject({
        allotted: 4n,
        drawn: 'winners',
        draws: 4n,
        allotments: [{ id: 'X', requested: 10n, tickets: 10n, allotted: 4n }],
      });
  });

  it('makes exactly pool winners when everyone asks one lot (pinned draw for seed "audit-1")', () => {
    const apps = ['a', 'b', 'c', 'd', 'e'].map((id, i) => app(id, 1n, i));
    // 3 winning of 5: more than half win, so the 2 losers are drawn.
    const outcome = lotteryAllocation(3n, apps, 'audit-1');
    expect(outcome).toMatchObject({ allotted: 3n, unallocated: 0n, drawn: 'losers', draws: 2n });
    expect(won(outcome)).toEqual({ a: 1n, b: 1n, c: 1n, d: 0n, e: 0n });
  });

  it('draws nothing from an empty pool', () => {
    expect(won(lotteryAllocation(0n, [app('a', 2n, 1), app('b', 1n, 2)], 's'))).toEqual({ a: 0n, b: 0n });
    expect(lotteryAllocation(9n, [], 's')).toMatchObject({ ok: true, allotted: 0n, unallocated: 9n });
  });

  it('counts tickets of several lots', () => {
    // ticketLots 10: tickets ⌊35/10⌋ = 3, ⌊9/10⌋ = 0, ⌊20/10⌋ = 2 → 5; winning ⌊25/10⌋ = 2.
    // Whoever wins, 2 tickets × 10 = 20 lots go out and 25 − 20 = 5 stay; the 9-lot request cannot win.
    const outcome = lotteryAllocation(25n, [app('a', 35n, 1), app('b', 9n, 2), app('c', 20n, 3)], 'k', 10n);
    expect(outcome).toMatchObject({ ok: true, allotted: 20n, unallocated: 5n, draws: 2n });
    if (!outcome.ok) return;
    expect(outcome.allotments.map((a) => a.tickets)).toEqual([3n, 0n, 2n]);
    expect(outcome.allotments[1]?.allotted).toBe(0n);
    for (const a of outcome.allotments) expect(a.allotted % 10n).toBe(0n);
  });

  it('handles numbers beyond doubles', () => {
    // ticketLots 10^18: 100 tickets each, 10^20 / 10^18 = 100 winning of 200 → 100 winners drawn.
    const outcome = lotteryAllocation(
      10n ** 20n,
      [app('a', 10n ** 20n, 1), app('b', 10n ** 20n, 2)],
      'big',
      10n ** 18n,
    );
    expect(outcome).toMatchObject({
      ok: true,
      allotted: 10n ** 20n,
      unallocated: 0n,
      drawn: 'winners',
      draws: 100n,
    });
  });

  it('is the same draw for the same seed, whatever the input order', () => {
    const apps = Array.from({ length: 30 }, (_, i) => app(`u${i}`, BigInt(1 + (i % 7)), 1000 + i));
    const first = lotteryAllocation(40n, apps, 'replay');
    const reversed = lotteryAllocation(40n, [...apps].reverse(), 'replay');
    expect(reversed).toEqual(first);
    const seeds = ['s1', 's2', 's3', 's4'].map((s) =>
      JSON.stringify(won(lotteryAllocation(40n, apps, s)), (_, v: unknown) =>
        typeof v === 'bigint' ? v.toString() : v,
      ),
    );
    expect(new Set(seeds).size).toBeGreaterThan(1);
  });

  it('refuses bad input with a key', () => {
    expect(lotteryAllocation(5n, [app('a', 1n, 1)], 's', 0n)).toMatchObject({
      ok: false,
      error: { key: 'FIELD_INVALID', params: { field: 'ticketLots' } },
    });
    expect(lotteryAllocation(5n, [app('a', 1n, 1), app('a', 1n, 1)], 's')).toMatchObject({
      ok: false,
      error: { key: 'IPO_DUPLICATE_APPLICATION' },
    });
  });
});

describe('lottery, seeded random', () => {
  it('keeps its invariants', () => {
    const seed = seedFromEnv();
    const random = rng(seed);
    const context = `SEED=${seed}`;
    for (let run = 0; run < 200; run++) {
      const apps = Array.from({ length: Math.floor(random() * 10) }, (_, i) =>
        app(`u${i}`, BigInt(1 + Math.floor(random() * 20)), Math.floor(random() * 4)),
      );
      const pool = BigInt(Math.floor(random() * 120));
      const outcome = lotteryAllocation(pool, apps, `${seed}-${run}`);
      expect(outcome.ok, context).toBe(true);
      if (!outcome.ok) return;
      const tickets = apps.reduce((s, a) => s + a.lots, 0n);
      expect(outcome.allotted, context).toBe(pool < tickets ? pool : tickets);
      for (const a of outcome.allotments)
        expect(a.allotted >= 0n && a.allotted <= a.requested, context).toBe(true);
    }
  });

  it('gives every ticket the same chance over 3,000 fixed draw seeds', () => {
    // 10 one-lot applicants, 3 lots, 3000 draws: each wins ≈ 900 times (σ = √(3000·0.3·0.7) ≈ 25);
    // ±150 is 6σ. A count of random wins has no bound that every seed keeps (6σ is missed about
    // once in 5·10⁷ seeds), so the draws are the fixed seeds fair:0 … fair:2999, each one printed
    // on a failure. On them the widest miss is 47; over 250 random seeds swept it was 88.
    const apps = Array.from({ length: 10 }, (_, i) => app(`p${i}`, 1n, i));
    const wins = new Map<string, number>();
    for (let draw = 0; draw < 3000; draw++) {
      const outcome = lotteryAllocation(3n, apps, `fair:${draw}`);
      expect(outcome.ok, `fair:${draw}`).toBe(true);
      if (outcome.ok)
        for (const a of outcome.allotments) wins.set(a.id, (wins.get(a.id) ?? 0) + Number(a.allotted));
    }
    expect(wins.size).toBe(10);
    for (const [id, count] of wins)
      expect(Math.abs(count - 900), `${id}, seeds fair:0 … fair:2999`).toBeLessThan(150);
  });
});
