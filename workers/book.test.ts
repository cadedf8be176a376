import { describe, expect, it } from 'vitest';
import type { BookPatch } from '../domain/market-data/contract';
import { fromSteps, toSteps } from '../domain/market/ticks';
import type { WireLevel } from '../domain/protocol/ws';
import { applyWire } from '../tests/support/book-wire';
import { rng, seedFromEnv } from '../tests/support/random';
import { Book } from './book';
import { isZeroQty } from './book-side';

/** The model's patch: quantities by price (ours sends them as pairs; each price at most once). */
type ModelPatch = Omit<BookPatch, 'bidQty' | 'askQty'> & {
  bidQty?: Record<string, string | null>;
  askQty?: Record<string, string | null>;
};

function byPrice(patch: BookPatch | null): ModelPatch | null {
  if (!patch) return null;
  const { bidQty, askQty, ...rest } = patch;
  const out: ModelPatch = rest;
  for (const [name, pairs] of [
    ['bidQty', bidQty],
    ['askQty', askQty],
  ] as const) {
    if (!pairs) continue;
    const record: Record<string, string | null> = {};
    expect(pairs.length % 2).toBe(0);
    for (let i = 0; i < pairs.length; i += 2) {
      const price = pairs[i]!;
      expect(price in record, `${price} twice in ${JSON.stringify(pairs)}`).toBe(false);
      record[price] = pairs[i + 1] ?? null;
    }
    out[name] = record;
  }
  return out;
}

type Side = { levels: Map<number, string>; posted: { prices: number[]; qtys: string[] } };

/** The plain model: sorted maps, and every flush compares the whole top with what was posted. */
class NaiveBook {
  bids: Side = { levels: new Map(), posted: { prices: [], qtys: [] } };
  asks: Side = { levels: new Map(), posted: { prices: [], qtys: [] } };
  state: 'live' | 'resyncing' = 'resyncing';
  postedState: 'live' | 'resyncing' = 'resyncing';
  everPosted = false;
  dirty = false;

  load(bids: WireLevel[], asks: WireLevel[]): string {
    // A frame with a price off the grid is not read at all: the book is kept, and resyncs.
    if ([...bids, ...asks].some(([price]) => !(toSteps(price, 2) > 0))) return this.fail('bad');
    this.bids.levels.clear();
    this.asks.levels.clear();
    return this.diff(bids, asks);
  }

  diff(bids: WireLevel[], asks: WireLevel[]): string {
    if ([...bids, ...asks].some(([price]) => !(toSteps(price, 2) > 0))) return this.fail('bad');
    for (const [side, levels] of [
      [this.bids, bids],
      [this.asks, asks],
    ] as const) {
      for (const [price, qty] of levels) {
        const steps = toSteps(price, 2);
        if (isZeroQty(qty)) side.levels.delete(steps);
        else side.levels.set(steps, qty);
      }
    }
    if (Math.max(...this.bids.levels.keys()) >= Math.min(...this.asks.levels.keys()))
      return this.fail('crossed');
    this.state = 'live';
    this.dirty = true;
    return 'ok';
  }

  fail(result: string): string {
    this.state = 'resyncing';
    return result;
  }

  patch(depth: number): ModelPatch | null {
    const patch: ModelPatch = {};
    let changed = false;
    if (this.state !== this.postedState) {
      patch.state = this.postedState = this.state;
      changed = true;
    }
    if (this.state === 'live' && this.dirty) {
      this.dirty = false;
      const first = !this.everPosted;
      this.everPosted = true;
      if (first) patch.reset = true;
      for (const name of ['bids', 'asks'] as const) {
        const side = this[name];
        const prices = [...side.levels.keys()]
          .sort((a, b) => (name === 'bids' ? b - a : a - b))
          .slice(0, depth);
        const qtys = prices.map((p) => side.levels.get(p)!);
        const old = side.posted;
        const qty: Record<string, string | null> = {};
        for (const [i, p] of old.prices.entries())
          if (!prices.includes(p)) qty[fromSteps(p, 2)] = null;
          else if (qtys[prices.indexOf(p)] !== old.qtys[i]) qty[fromSteps(p, 2)] = qtys[prices.indexOf(p)]!;
        for (const [i, p] of prices.entries()) if (!old.prices.includes(p)) qty[fromSteps(p, 2)] = qtys[i]!;
        const order = first || prices.join() !== old.prices.join();
        side.posted = { prices, qtys };
        if (Object.keys(qty).length) patch[name === 'bids' ? 'bidQty' : 'askQty'] = qty;
        if (order) patch[name] = prices.map((p) => fromSteps(p, 2));
        if (order || Object.keys(qty).length) changed = true;
      }
    }
    return changed ? patch : null;
  }
}

describe('Book flush (posted levels patched in place, read again only when needed)', () => {
  it('matches the plain model on seeded diff streams with quantity-only changes, gaps and resyncs', () => {
    const seed = seedFromEnv();
    const random = rng(seed);
    for (let run = 0; run < 40; run++) {
      const ours = new Book(2);
      const naive = new NaiveBook();
      let mid = 10_000;
      const qty = () =>
        random() < 0.1 ? '0' : `${1 + Math.floor(random() * 9)}.${Math.floor(random() * 3)}`;
      const levels = (from: number, sign: number, n: number): WireLevel[] =>
        Array.from({ length: n }, () => [fromSteps(from + sign * Math.floor(random() * 40), 2), qty()]);
      const snapshot = () => {
        const bids = levels(mid - 1, -1, 30);
        const asks = levels(mid + 1, 1, 30);
        expect(applyWire(ours, true, bids, asks)).toBe(naive.load(bids, asks));
      };
      snapshot();
      let depth = random() < 0.5 ? 20 : 5;
      for (let step = 0; step < 400; step++) {
        const where = `seed ${seed}, run ${run}, step ${step}`;
        const roll = random();
        if (roll < 0.02) snapshot();
        else if (roll < 0.03) {
          ours.markResyncing();
          naive.state = 'resyncing';
        } else {
          if (random() < 0.05) mid += random() < 0.5 ? -1 : 1;
          const bids = levels(mid - 1, -1, 1 + Math.floor(random() * 3));
          const asks = levels(mid + 1, 1, Math.floor(random() * 3));
          if (random() < 0.01) bids.push(['9.999', '1']); // off the grid
          if (random() < 0.01) bids.push([fromSteps(mid + 3, 2), '1']); // crosses
          expect(applyWire(ours, false, bids, asks), where).toBe(naive.diff(bids, asks));
        }
        if (random() < 0.02) depth = depth === 20 ? 5 : 20;
        if (random() < 0.5) expect(byPrice(ours.patch(depth)), where).toEqual(naive.patch(depth));
      }
    }
  }, 30_000);
});
