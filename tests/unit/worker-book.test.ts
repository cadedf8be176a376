import { describe, expect, it } from 'vitest';
import { Book } from '../../workers/book';
import { BookSide, isZeroQty, MAX_LEVELS, TRIM_LEVELS } from '../../workers/book-side';
import { applyWire } from '../support/book-wire';
import { rng, seedFromEnv } from '../support/random';

/** The obvious book: a Map, sorted on every read. */
class NaiveSide {
  readonly levels = new Map<number, string>();
  constructor(private readonly descending: boolean) {}
  set(price: number, qty: string) {
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

describe('BookSide (sparse ladder)', () => {
  it('matches a naive sorted book on seeded random diff streams, including far jumps', () => {
    const seed = seedFromEnv();
    const random = rng(seed);
    for (let run = 0; run < 20; run++) {
      const descending = random() < 0.5;
      const ours = new BookSide(descending);
      const naive = new NaiveSide(descending);
      let centre = 100_000 + Math.floor(random() * 1_000_000);
      for (let i = 0; i < 3_000; i++) {
        if (random() < 0.002) centre += Math.floor((random() - 0.5) * 20_000); // the window re-lays
        const price = Math.max(1, centre + Math.floor((random() - 0.5) * 400));
        const qty = random() < 0.35 ? (random() < 0.5 ? '0' : '0.000') : `${1 + Math.floor(random() * 99)}.5`;
        ours.set(price, qty);
        naive.set(price, qty);
        if (i % 7 === 0) expect(top(ours, 20), `seed ${seed}, run ${run}, step ${i}`).toEqual(naive.top(20));
      }
      expect(ours.size).toBe(naive.levels.size);
      expect(top(ours, 10_000)).toEqual(naive.top(10_000));
    }
  }, 30_000);

  it('keeps a level however far from the touch, and drops the farthest past MAX_LEVELS', () => {
    const bids = new BookSide(true);
    bids.set(5_000_000, '1');
    bids.set(4_999_990, '2');
    bids.set(5_000_000 - (1 << 21), '3'); // far below: kept, and no ladder spans the gap
    expect(top(bids, 5)).toEqual([
      [5_000_000, '1'],
      [4_999_990, '2'],
      [5_000_000 - (1 << 21), '3'],
    ]);
    bids.set(5_000_000 + (1 << 21), '4'); // a new best far above
    expect(bids.bestPrice()).toBe(5_000_000 + (1 << 21));
    // Past the depth bound the farthest levels go, TRIM_LEVELS at once, whichever arrives last.
    for (let i = 1; bids.size < MAX_LEVELS; i++) bids.set(4_000_000 + i, '5');
    expect(bids.qtyAt(5_000_000 - (1 << 21))).toBe('3');
    bids.set(4_000_000, '6');
    expect(bids.size).toBe(MAX_LEVELS - TRIM_LEVELS);
    // The far level, the newest one below the rest, and the lowest 4_000_001… up to TRIM_LEVELS in all.
    expect(bids.qtyAt(5_000_000 - (1 << 21))).toBeUndefined();
    expect(bids.qtyAt(4_000_000)).toBeUndefined();
    expect(bids.qtyAt(4_000_000 + TRIM_LEVELS - 1)).toBeUndefined();
    expect(bids.qtyAt(4_000_000 + TRIM_LEVELS)).toBe('5');
    expect(bids.qtyAt(4_999_990)).toBe('2');
    for (let i = 1; bids.size < MAX_LEVELS; i++) bids.set(5_000_000 + i, '8');
    bids.set(1, '7'); // itself the farthest: not kept
    expect(bids.qtyAt(1)).toBeUndefined();
    expect(bids.size).toBe(MAX_LEVELS - TRIM_LEVELS);
    expect(bids.qtyAt(4_000_000 + TRIM_LEVELS)).toBeUndefined();
    expect(bids.bestPrice()).toBe(5_000_000 + (1 << 21));
  });
});

describe('Book', () => {
  it('posts only the visible levels that changed, and the order only when it changed', () => {
    const book = new Book(2);
    expect(
      applyWire(
        book,
        true,
        [
          ['10.00', '1'],
          ['9.99', '2'],
        ],
        [['10.01', '3']],
      ),
    ).toBe('ok');
    expect(book.patch(2)).toEqual({
      reset: true,
      state: 'live',
      bids: ['10.00', '9.99'],
      asks: ['10.01'],
      bidQty: ['10.00', '1', '9.99', '2'],
      askQty: ['10.01', '3'],
    });
    expect(book.patch(2)).toBeNull();
    expect(applyWire(book, false, [['9.99', '5']], [])).toBe('ok');
    expect(book.patch(2)).toEqual({ bidQty: ['9.99', '5'] });
    // A price off the 0.01 grid is malformed: the book waits for a fresh snapshot.
    expect(applyWire(book, false, [['10.005', '1']], [])).toBe('bad');
    expect(book.patch(2)).toEqual({ state: 'resyncing' });
    expect(
      applyWire(
        book,
        true,
        [
          ['10.00', '1'],
          ['9.99', '5'],
          ['9.98', '1'],
        ],
        [['10.01', '3']],
      ),
    ).toBe('ok');
    expect(applyWire(book, false, [['10.00', '0']], [['10.02', '1']])).toBe('ok');
    expect(book.patch(2)).toEqual({
      state: 'live',
      bids: ['9.99', '9.98'],
      bidQty: ['10.00', null, '9.98', '1'],
      asks: ['10.01', '10.02'],
      askQty: ['10.02', '1'],
    });
  });

  it('never posts a crossed book: the diff that crosses puts it in resync', () => {
    const book = new Book(2);
    applyWire(book, true, [['10.00', '1']], [['10.01', '1']]);
    book.patch();
    expect(applyWire(book, false, [['10.01', '4']], [])).toBe('crossed');
    expect(book.state).toBe('resyncing');
    expect(book.patch()).toEqual({ state: 'resyncing' });
    expect(book.patch()).toBeNull();
  });
});
