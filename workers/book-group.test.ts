import Decimal from 'decimal.js';
import { describe, expect, it } from 'vitest';
import type { BookPatch, LevelChanges } from '../domain/market-data/contract';
import { fromSteps, toSteps } from '../domain/market/ticks';
import type { WireLevel } from '../domain/protocol/ws';
import { applyWire } from '../tests/support/book-wire';
import { rng, seedFromEnv } from '../tests/support/random';
import { Book } from './book';
import { bucketOf } from './book-group';
import { isZeroQty } from './book-side';

/** The page's copy of a book, as src/state/market.ts applies patches. */
type Shown = {
  bids: string[];
  asks: string[];
  bidQty: Record<string, string>;
  askQty: Record<string, string>;
};

function show(shown: Shown, patch: BookPatch | null): Shown {
  if (!patch) return shown;
  const out: Shown = patch.reset
    ? { bids: [], asks: [], bidQty: {}, askQty: {} }
    : { ...shown, bidQty: { ...shown.bidQty }, askQty: { ...shown.askQty } };
  const levels = (target: Record<string, string>, changes: LevelChanges | undefined) => {
    for (let i = 0; changes && i < changes.length; i += 2) {
      const qty = changes[i + 1];
      if (qty === null || qty === undefined) delete target[changes[i]!];
      else target[changes[i]!] = qty;
    }
  };
  levels(out.bidQty, patch.bidQty);
  levels(out.askQty, patch.askQty);
  if (patch.bids) out.bids = patch.bids;
  if (patch.asks) out.asks = patch.asks;
  return out;
}

const EMPTY: Shown = { bids: [], asks: [], bidQty: {}, askQty: {} };
const rows = (shown: Shown, side: 'bids' | 'asks') =>
  shown[side].map((price) => [price, (side === 'bids' ? shown.bidQty : shown.askQty)[price]]);

describe('bucketOf', () => {
  it('groups bids down and asks up to a multiple of the group', () => {
    expect(bucketOf(10_003, 5, true)).toBe(10_000);
    expect(bucketOf(10_003, 5, false)).toBe(10_005);
    expect(bucketOf(10_005, 5, true)).toBe(10_005);
    expect(bucketOf(10_005, 5, false)).toBe(10_005);
    expect(bucketOf(9_999, 100, true)).toBe(9_900);
    expect(bucketOf(9_999, 100, false)).toBe(10_000);
    expect(bucketOf(2 ** 53 - 1, 10, true)).toBe(9_007_199_254_740_990);
    expect(bucketOf(2 ** 53 - 11, 10, false)).toBe(9_007_199_254_740_990);
    expect(bucketOf(7, 1, false)).toBe(7);
  });
});

describe('Book grouping and pace (setView)', () => {
  const bids: WireLevel[] = [
    ['100.03', '2'],
    ['100.01', '1.5'],
    ['99.98', '0.25'],
    ['99.95', '1'],
  ];
  const asks: WireLevel[] = [
    ['100.04', '3'],
    ['100.05', '1'],
    ['100.11', '0.5'],
  ];

  it('adds levels up by 0.05 (hand-computed), bids down and asks up, and patches a bucket when a level moves', () => {
    const book = new Book(2);
    book.setView(5, 0);
    applyWire(book, true, bids, asks);
    const first = book.patch();
    expect(first).toEqual({
      state: 'live',
      reset: true,
      bids: ['100.00', '99.95'],
      bidQty: ['100.00', '3.5', '99.95', '1.25'],
      asks: ['100.05', '100.15'],
      askQty: ['100.05', '4', '100.15', '0.5'],
    });
    // 1.5 → 2.5 at 100.01: its bucket 100.00 is now 2 + 2.5.
    applyWire(book, false, [['100.01', '2.5']], []);
    expect(book.patch()).toEqual({ bidQty: ['100.00', '4.5'] });
    // 100.11 goes: its bucket goes with it.
    applyWire(book, false, [], [['100.11', '0']]);
    expect(book.patch()).toEqual({ asks: ['100.05'], askQty: ['100.15', null] });
  });

  it('posts the book afresh when the grouping changes, and single levels again when it is undone', () => {
    const book = new Book(2);
    applyWire(book, true, bids, asks);
    book.patch();
    book.setView(10, 0);
    let shown = show(EMPTY, book.patch());
    expect(rows(shown, 'bids')).toEqual([
      ['100.00', '3.5'],
      ['99.90', '1.25'],
    ]);
    expect(rows(shown, 'asks')).toEqual([
      ['100.10', '4'],
      ['100.20', '0.5'],
    ]);
    book.setView(1, 0);
    const patch = book.patch();
    expect(patch?.reset).toBe(true);
    shown = show(shown, patch);
    expect(rows(shown, 'bids')).toEqual(bids);
    expect(rows(shown, 'asks')).toEqual(asks);
  });

  it('shows the best `depth` buckets, the last one complete though it spans many levels', () => {
    const book = new Book(2);
    book.setView(50, 0);
    // 300 bid levels one step apart from 200.00 down, 1 each: buckets of 50 steps hold 50 levels.
    const many: WireLevel[] = Array.from({ length: 300 }, (_, i) => [fromSteps(20_000 - i, 2), '1']);
    applyWire(book, true, many, [['200.01', '1']]);
    const shown = show(EMPTY, book.patch(3));
    // 200.00 alone, then 199.50 (199.50..199.99: 50 levels), 199.00 (50 more).
    expect(rows(shown, 'bids')).toEqual([
      ['200.00', '1'],
      ['199.50', '50'],
      ['199.00', '50'],
    ]);
  });

  it('holds patches back to the pace and says when the held one falls due', () => {
    const book = new Book(2);
    book.setView(1, 250);
    applyWire(book, true, bids, asks);
    expect(book.patch(20, 1_000)?.reset).toBe(true);
    expect(book.heldUntil()).toBe(0);
    applyWire(book, false, [['100.03', '7']], []);
    expect(book.patch(20, 1_100)).toBeNull();
    expect(book.heldUntil()).toBe(1_250);
    applyWire(book, false, [['100.03', '8']], []);
    expect(book.patch(20, 1_249)).toBeNull();
    // The held changes go as one patch, the last quantity only.
    expect(book.patch(20, 1_250)).toEqual({ bidQty: ['100.03', '8'] });
    // A resync is told at once, paced or not.
    book.markResyncing();
    expect(book.patch(20, 1_300)).toEqual({ state: 'resyncing' });
    // Live again (every frame): no wait.
    book.setView(1, 0);
    applyWire(book, false, [['100.03', '9']], []);
    expect(book.patch(20, 1_301)).toEqual({ state: 'live', bidQty: ['100.03', '9'] });
  });
});

/** Each bucket's sum straight from the ungrouped levels, in Decimal: what the grouped book must show. */
function expected(levels: Map<number, string>, group: number, descending: boolean, depth: number) {
  const sums = new Map<number, Decimal>();
  for (const [steps, qty] of levels) {
    const at = bucketOf(steps, group, descending);
    sums.set(at, (sums.get(at) ?? new Decimal(0)).plus(qty));
  }
  return [...sums.keys()]
    .sort((a, b) => (descending ? b - a : a - b))
    .slice(0, depth)
    .map((at) => [fromSteps(at, 2), sums.get(at)!.toFixed()]);
}

describe('grouped book property: bucket sums equal the ungrouped book’s sums', () => {
  it('holds on seeded streams of snapshots, diffs, regroupings and depths', () => {
    const seed = seedFromEnv();
    const random = rng(seed);
    const groups = [1, 2, 5, 10, 50, 100];
    for (let run = 0; run < 12; run++) {
      const book = new Book(2);
      const model = { bids: new Map<number, string>(), asks: new Map<number, string>() };
      let shown = EMPTY;
      let group = groups[Math.floor(random() * groups.length)]!;
      let depth = random() < 0.5 ? 20 : 5;
      book.setView(group, 0);
      const mid = 50_000;
      const qty = () =>
        random() < 0.15
          ? '0'
          : `${1 + Math.floor(random() * 99)}.${String(Math.floor(random() * 1000)).padStart(3, '0')}`;
      const level = (sign: number, spread: number): WireLevel => [
        fromSteps(mid + sign * (1 + Math.floor(random() ** 2 * spread)), 2),
        qty(),
      ];
      const apply = (snapshot: boolean, b: WireLevel[], a: WireLevel[]) => {
        if (snapshot) {
          model.bids.clear();
          model.asks.clear();
        }
        for (const [map, list] of [
          [model.bids, b],
          [model.asks, a],
        ] as const)
          for (const [price, q] of list)
            if (isZeroQty(q)) map.delete(toSteps(price, 2));
            else map.set(toSteps(price, 2), q);
        expect(applyWire(book, snapshot, b, a), `seed ${seed}, run ${run}`).toBe('ok');
      };
      const spread = 20 + Math.floor(random() * 2_000);
      apply(
        true,
        Array.from({ length: 200 }, () => level(-1, spread)),
        Array.from({ length: 200 }, () => level(1, spread)),
      );
      for (let step = 0; step < 150; step++) {
        const roll = random();
        if (roll < 0.03) {
          group = groups[Math.floor(random() * groups.length)]!;
          book.setView(group, 0);
        }
        // A new depth shows with the next change (the book posts nothing while nothing changes).
        if (random() < 0.02) depth = depth === 20 ? 5 : 20;
        if (roll > 0.97)
          apply(
            true,
            Array.from({ length: 150 }, () => level(-1, spread)),
            Array.from({ length: 150 }, () => level(1, spread)),
          );
        else
          apply(
            false,
            Array.from({ length: 1 + Math.floor(random() * 4) }, () => level(-1, spread)),
            Array.from({ length: Math.floor(random() * 4) }, () => level(1, spread)),
          );
        shown = show(shown, book.patch(depth));
        const where = `seed ${seed}, run ${run}, step ${step}, group ${group}, depth ${depth}`;
        const exact = (list: (string | undefined)[][]) =>
          list.map(([price, q]) => [price, new Decimal(q ?? 'NaN').toFixed()]);
        expect(exact(rows(shown, 'bids')), where).toEqual(expected(model.bids, group, true, depth));
        expect(exact(rows(shown, 'asks')), where).toEqual(expected(model.asks, group, false, depth));
      }
    }
  }, 60_000);
});
