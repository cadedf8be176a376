import { describe, expect, it } from 'vitest';
import { proRataAllocation } from './pro-rata';

const app = (id: string, lots: bigint, appliedAt = 0) => ({ id, lots, appliedAt });
const allotted = (pool: bigint, apps: ReturnType<typeof app>[]) => {
  const out = proRataAllocation(pool, apps);
  if (!out.ok) throw new Error(out.error.key);
  return [out.allotments.map((a) => [a.id, a.allotted]), out.allotted, out.unallocated];
};

describe('pro-rata allocation, hand-computed', () => {
  it('gives everyone their request when the pool covers the demand', () => {
    // 300 + 200 = 500 ≤ 1000: 500 left unallocated.
    expect(allotted(1000n, [app('a', 300n), app('b', 200n)])).toEqual([
      [
        ['a', 300n],
        ['b', 200n],
      ],
      500n,
      500n,
    ]);
  });

  it('splits an oversubscribed pool by request, leftovers to the largest remainders', () => {
    // pool 100, demand 600+300+100 = 1000: exactly 60, 30, 10.
    expect(allotted(100n, [app('a', 600n), app('b', 300n), app('c', 100n)])[0]).toEqual([
      ['a', 60n],
      ['b', 30n],
      ['c', 10n],
    ]);
    // pool 10, demand 7+7+7 = 21: each 70/21 = 3 r 7; 1 left, equal remainders → first applied.
    expect(allotted(10n, [app('b', 7n, 2), app('a', 7n, 1), app('c', 7n, 3)])).toEqual([
      [
        ['a', 4n],
        ['b', 3n],
        ['c', 3n],
      ],
      10n,
      0n,
    ]);
    // pool 7, demand 5+3+2 = 10: 35/10 = 3 r5, 21/10 = 2 r1, 14/10 = 1 r4 → floors 6, the one
    // left goes to the largest remainder (a: 5).
    expect(allotted(7n, [app('a', 5n), app('b', 3n), app('c', 2n)])[0]).toEqual([
      ['a', 4n],
      ['b', 2n],
      ['c', 1n],
    ]);
  });

  it('handles more applicants than lots, one applicant and an empty book', () => {
    // pool 2, three ask 1 each: 2/3 each, floors 0, two lots to the first two (equal remainders).
    expect(allotted(2n, [app('a', 1n), app('b', 1n), app('c', 1n)])[0]).toEqual([
      ['a', 1n],
      ['b', 1n],
      ['c', 0n],
    ]);
    expect(allotted(50n, [app('a', 80n)])).toEqual([[['a', 50n]], 50n, 0n]);
    expect(allotted(50n, [])).toEqual([[], 0n, 50n]);
  });

  it('refuses what equal distribution refuses', () => {
    expect(proRataAllocation(10n, [app('a', 1n), app('a', 2n)])).toMatchObject({
      ok: false,
      error: { key: 'IPO_DUPLICATE_APPLICATION' },
    });
    expect(proRataAllocation(10n, [app('a', 0n)])).toMatchObject({ ok: false });
  });
});
