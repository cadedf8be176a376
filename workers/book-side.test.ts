import { describe, expect, it } from 'vitest';
import { rng, seedFromEnv } from '../tests/support/random';
import { BookSide, isZeroQty } from './book-side';

/** The reference: a Map of levels, sorted on every read. */
class Reference {
  readonly levels = new Map<number, string>();
  constructor(private readonly descending: boolean) {}
  set(price: number, qty: string): void {
    if (isZeroQty(qty)) this.levels.delete(price);
    else this.levels.set(price, qty);
  }
  top(n: number): [number, string][] {
    return [...this.levels].sort((a, b) => (this.descending ? b[0] - a[0] : a[0] - b[0])).slice(0, n);
  }
}

function top(side: BookSide, n: number): [number, string][] {
  const { count, start, prices, qtys } = side.view(n);
  return prices.slice(start, start + count).map((p, i) => [p, qtys[start + i]!]);
}

/** Both sides of a book with levels `gap` steps apart from `mid` outward. */
function ladder(gap: number, levels: number, mid: number) {
  const bids = new BookSide(true);
  const asks = new BookSide(false);
  for (let i = 0; i < levels; i++) {
    bids.set(mid - 1 - i * gap, `${i + 1}`);
    asks.set(mid + 1 + i * gap, `${i + 1}`);
  }
  return { bids, asks };
}

describe('BookSide (sparse ladder)', () => {
  for (const gap of [1, 7, 1_000, 1_000_003]) {
    it(`reads the top levels and the best after removals with levels ${gap} steps apart`, () => {
      const mid = 10 ** 10; // beyond 2^32 steps: a price of 0.00000001 steps at 100
      const { bids, asks } = ladder(gap, 500, mid);
      expect(bids.size).toBe(500);
      expect(top(bids, 3)).toEqual([
        [mid - 1, '1'],
        [mid - 1 - gap, '2'],
        [mid - 1 - 2 * gap, '3'],
      ]);
      expect(top(asks, 2)).toEqual([
        [mid + 1, '1'],
        [mid + 1 + gap, '2'],
      ]);
      expect(top(asks, 1_000).map(([p]) => p)).toEqual(
        Array.from({ length: 500 }, (_, i) => mid + 1 + i * gap),
      );
      // Removing the best, 60 times (past the cached best levels), moves the best outward.
      for (let i = 0; i < 60; i++) {
        bids.remove(mid - 1 - i * gap);
        asks.set(mid + 1 + i * gap, '0.00');
        expect(bids.bestPrice()).toBe(mid - 1 - (i + 1) * gap);
        expect(asks.bestPrice()).toBe(mid + 1 + (i + 1) * gap);
      }
      expect(top(bids, 20)).toEqual(
        Array.from({ length: 20 }, (_, i) => [mid - 1 - (i + 60) * gap, `${i + 61}`]),
      );
      expect(bids.qtyAt(mid - 1 - 60 * gap)).toBe('61');
      expect(bids.qtyAt(mid - 1)).toBeUndefined();
      expect(bids.qtyAt(mid - 2)).toBeUndefined();
    });
  }

  it('holds a level 10^7 steps outside the levels it has, on both sides and in both directions', () => {
    for (const descending of [true, false]) {
      const side = new BookSide(descending);
      const far = 10_000_000;
      for (let p = 50_000_000; p < 50_000_100; p++) side.set(p, '1');
      side.set(50_000_000 - far, 'low');
      side.set(50_000_100 + far, 'high');
      expect(side.size).toBe(102);
      const all = top(side, 200);
      expect(all.length).toBe(102);
      expect(all[descending ? 0 : 101]).toEqual([50_000_100 + far, 'high']);
      expect(all[descending ? 101 : 0]).toEqual([50_000_000 - far, 'low']);
      // Empty everything between: the far level becomes the best, then the side empties.
      for (let p = 50_000_000; p < 50_000_100; p++) side.remove(p);
      side.remove(descending ? 50_000_100 + far : 50_000_000 - far);
      expect(side.bestPrice()).toBe(descending ? 50_000_000 - far : 50_000_100 + far);
      expect(top(side, 20)).toEqual([[side.bestPrice(), descending ? 'low' : 'high']]);
      side.remove(side.bestPrice());
      expect(side.size).toBe(0);
      expect(side.bestPrice()).toBeNaN();
      expect(top(side, 20)).toEqual([]);
      side.set(7, '1');
      expect(top(side, 20)).toEqual([[7, '1']]);
    }
  });

  it('matches a sorted Map for the top N after every diff, dense and sparse, near and far', () => {
    const seed = seedFromEnv();
    const random = rng(seed);
    for (let run = 0; run < 12; run++) {
      const descending = run % 2 === 0;
      const ours = new BookSide(descending);
      const reference = new Reference(descending);
      // Mean distance between levels, from packed to dollars apart at a 0.01 tick.
      const gap = [1, 100, 1_000, 10_000_000][Math.floor(run / 2) % 4]!;
      let centre = 2 ** 33 + Math.floor(random() * 1_000_000);
      const depth = [5, 20, 40][Math.floor(random() * 3)]!;
      let held: [number, string][] = [];
      for (let step = 0; step < 800; step++) {
        const where = `seed ${seed}, run ${run}, step ${step}`;
        if (random() < 0.005) centre += Math.floor((random() - 0.5) * gap * 200);
        const changes = 1 + Math.floor(random() * 3);
        for (let c = 0; c < changes; c++) {
          // Mostly near the touch, now and then far out; removals aim at held levels.
          let price = centre + Math.floor(random() ** 3 * 60 * gap) * (descending ? -1 : 1);
          if (random() < 0.02) price += Math.floor((random() - 0.5) * 1e9);
          if (random() < 0.3 && held.length > 0) price = held[Math.floor(random() * held.length)]![0];
          const qty =
            random() < 0.35 ? (random() < 0.5 ? '0' : '0.000') : `${1 + Math.floor(random() * 99)}.5`;
          ours.set(price, qty);
          reference.set(price, qty);
        }
        held = reference.top(depth);
        expect(top(ours, depth), where).toEqual(held);
        expect(ours.size, where).toBe(reference.levels.size);
        expect(ours.bestPrice(), where).toBe(held.length ? held[0]![0] : NaN);
      }
      expect(top(ours, 10_000), `seed ${seed}, run ${run}`).toEqual(reference.top(10_000));
    }
  }, 60_000);

  it('changes its version whenever the top N it was read at changes, and view matches top', () => {
    const seed = seedFromEnv();
    const random = rng(seed);
    for (let run = 0; run < 8; run++) {
      const descending = run % 2 === 0;
      const ours = new BookSide(descending);
      const reference = new Reference(descending);
      const gap = [1, 100, 1_000, 100_000][run >> 1]!;
      const centre = 2 ** 32 + Math.floor(random() * 1_000_000);
      const depth = 20;
      let seenVersion = ours.version;
      let seenTop: [number, string][] = [];
      let skipped = 0;
      for (let step = 0; step < 1_500; step++) {
        const where = `seed ${seed}, run ${run}, step ${step}`;
        const held = reference.top(10_000);
        // Mostly near the touch; removals and quantity changes aim at held levels, often the best.
        let price = centre + Math.floor(random() ** 3 * 60 * gap) * (descending ? -1 : 1);
        if (held.length > 0 && random() < 0.5) price = held[Math.floor(random() ** 2 * held.length)]![0];
        const qty = random() < 0.4 ? '0' : `${1 + Math.floor(random() * 99)}`;
        ours.set(price, qty);
        reference.set(price, qty);
        const want = reference.top(depth);
        if (ours.version === seenVersion) {
          // An unchanged version promises an unchanged top: the reader may keep what it had.
          expect(seenTop, where).toEqual(want);
          skipped++;
          continue;
        }
        const view = ours.view(depth);
        const viewed = Array.from({ length: view.count }, (_, i): [number, string] => [
          view.prices[view.start + i]!,
          view.qtys[view.start + i]!,
        ]);
        expect(viewed, where).toEqual(want);
        expect(top(ours, depth), where).toEqual(want);
        seenVersion = ours.version;
        seenTop = want;
      }
      // Far-off changes must leave the version alone often, or the skip is worth nothing. A count
      // of 1,500 steps: over 250 seeds the fewest skips were 190 (packed levels, where the mean is
      // 242, σ 16; the sparser runs skip 510+), and Chernoff's exp(−μδ²/2) gives 100 or fewer
      // e^−41 for a run: under 1e−8 of the 2^31 seeds would reach it.
      expect(skipped, `seed ${seed}, run ${run}`).toBeGreaterThan(100);
    }
  });

  it('keeps order as levels move between its best list and its table: spills, refills, the last level', () => {
    const seed = seedFromEnv();
    const random = rng(seed);
    for (const descending of [true, false]) {
      const where = `seed ${seed}, ${descending ? 'bids' : 'asks'}`;
      const side = new BookSide(descending);
      const sign = descending ? -1 : 1;
      // 300 levels 10 steps apart, best at 1_000_000, set in a shuffled order.
      const prices = Array.from({ length: 300 }, (_, i) => 1_000_000 + sign * i * 10);
      for (let i = prices.length - 1; i > 0; i--) {
        const j = Math.floor(random() * (i + 1));
        [prices[i], prices[j]] = [prices[j]!, prices[i]!];
      }
      // A level's quantity names its place: level i (0 the best at first) holds `${i}.5`.
      for (const p of prices) side.set(p, `${((p - 1_000_000) * sign) / 10}.5`);
      const ladder = (from: number, n: number) =>
        Array.from({ length: n }, (_, i): [number, string] => [
          1_000_000 + sign * (from + i) * 10,
          `${from + i}.5`,
        ]);
      expect(top(side, 300), where).toEqual(ladder(0, 300));
      // 100 new bests, each one better than the last: the best list overflows into the table.
      for (let i = 1; i <= 100; i++) {
        side.set(1_000_000 - sign * i * 10, `${-i}.5`);
        expect(side.bestPrice(), where).toBe(1_000_000 - sign * i * 10);
      }
      expect(side.size, where).toBe(400);
      expect(top(side, 400), where).toEqual(ladder(-100, 400));
      // Remove the best 399 times: the best list empties again and again and refills from the table.
      for (let i = 0; i < 399; i++) {
        side.remove(1_000_000 + sign * (i - 100) * 10);
        expect(side.bestPrice(), `${where}, removal ${i}`).toBe(1_000_000 + sign * (i - 99) * 10);
        if (i % 37 === 0)
          expect(top(side, 20), `${where}, removal ${i}`).toEqual(ladder(i - 99, Math.min(20, 399 - i)));
      }
      expect(top(side, 20), where).toEqual([[1_000_000 + sign * 2_990, '299.5']]);
      side.set(1_000_000 + sign * 2_990, '0.000'); // the last level
      expect(side.size, where).toBe(0);
      expect(side.bestPrice(), where).toBeNaN();
      expect(top(side, 20), where).toEqual([]);
      expect(side.qtyAt(1_000_000 + sign * 2_990), where).toBeUndefined();
      // And it fills again from nothing, a level far outside any window first.
      side.set(1_000_000 + sign * 10 ** 12, 'far');
      side.set(1_000_000, 'near');
      expect(top(side, 5), where).toEqual([
        [1_000_000, 'near'],
        [1_000_000 + sign * 10 ** 12, 'far'],
      ]);
    }
  });

  it('keeps its version for changes behind the levels read, and changes it for those among them', () => {
    for (const descending of [true, false]) {
      const sign = descending ? -1 : 1;
      const at = (i: number) => 5_000 + sign * i * 100; // level i from the touch, 0 the best
      const side = new BookSide(descending);
      for (let i = 0; i < 200; i++) side.set(at(i), `${i}.5`);
      let view = side.view(20);
      expect(view.count).toBe(20);
      expect(view.prices[view.start + 19]).toBe(at(19));
      let version = side.version;
      // Behind the 20th level: in the best list (level 30), in the table (level 150), new ones between.
      side.set(at(30), '30.5');
      side.set(at(150), '0');
      side.set(at(150) + sign * 50, '7');
      side.set(at(40) + sign * 1, '8');
      expect(side.version).toBe(version);
      // The 20th level's quantity, then a new level among the 20: both change it.
      side.set(at(19), '19.5');
      expect(side.version).not.toBe(version);
      version = side.version;
      side.set(at(3) + sign * 50, 'new');
      expect(side.version).not.toBe(version);
      view = side.view(20);
      expect(view.qtys[view.start + 4]).toBe('new');
      expect(view.prices[view.start + 19]).toBe(at(18));
      // Removing levels among the 20 pulls in the next ones, from the table once the list runs short.
      for (let i = 0; i < 60; i++) {
        version = side.version;
        side.remove(at(i));
        expect(side.version, `removal ${i}`).not.toBe(version);
        view = side.view(20);
        // The level added between levels 3 and 4 stays the best once those before it are gone.
        expect(view.prices[view.start], `removal ${i}`).toBe(i < 3 ? at(i + 1) : at(3) + sign * 50);
        // The 20th: level i + 19 until the level added just behind level 40 is among them, then
        // that level, then level i + 18.
        const last = i <= 21 ? at(i + 19) : i === 22 ? at(40) + sign : at(i + 18);
        expect(view.prices[view.start + 19], `removal ${i}`).toBe(last);
      }
      expect(Array.from({ length: 20 }, (_, i) => view.prices[view.start + i])).toEqual([
        at(3) + sign * 50,
        at(40) + sign,
        ...Array.from({ length: 18 }, (_, i) => at(60 + i)),
      ]);
    }
  });

  it('reads deeper than its cache of best levels through view and top alike', () => {
    const { bids } = ladder(1_000, 200, 10 ** 9);
    const view = bids.view(150);
    expect(view.count).toBe(150);
    expect(Array.from({ length: 150 }, (_, i) => view.prices[view.start + i])).toEqual(
      Array.from({ length: 150 }, (_, i) => 10 ** 9 - 1 - i * 1_000),
    );
    expect(view.qtys[view.start + 149]).toBe('150');
    expect(bids.view(0).count).toBe(0);
    expect(new BookSide(false).view(20).count).toBe(0);
  });

  it('starts over after clear as a new side would, sparse snapshot replaced by a dense one', () => {
    const { bids } = ladder(10_000, 300, 10 ** 8);
    const before = bids.version;
    bids.clear();
    expect(bids.version).not.toBe(before);
    expect(bids.size).toBe(0);
    expect(bids.bestPrice()).toBeNaN();
    expect(bids.view(20).count).toBe(0);
    expect(bids.qtyAt(10 ** 8 - 1)).toBeUndefined();
    for (let i = 0; i < 100; i++) bids.set(5_000 - i, `${i}.5`);
    expect(bids.size).toBe(100);
    expect(top(bids, 3)).toEqual([
      [5_000, '0.5'],
      [4_999, '1.5'],
      [4_998, '2.5'],
    ]);
    expect(bids.qtyAt(10 ** 8 - 1 - 10_000)).toBeUndefined();
  });
});
