import { describe, expect, it } from 'vitest';
import type { TradesPatch, TradeView } from '../domain/market-data/contract';
import type { WireTrade } from '../domain/protocol/ws';
import { rng, seedFromEnv } from '../tests/support/random';
import { tradeSteps } from '../domain/protocol/stream-codec-frame';
import { TRADES_KEPT, TradeTape } from './trades';

/** The plain model: a list trimmed after each call, an id set, a list of unseen trades. */
class NaiveTape {
  list: TradeView[] = [];
  fresh: TradeView[] = [];
  reset = false;

  load(trades: readonly WireTrade[]): boolean {
    this.list = [];
    this.fresh = [];
    this.reset = true;
    return this.add(trades);
  }

  add(trades: readonly WireTrade[]): boolean {
    for (const trade of trades) {
      if (this.list.some((held) => held.id === trade.id)) continue;
      if (trade.price !== '1.50') return false;
      this.list.push({ ...trade });
      if (!this.reset) this.fresh.push(this.list.at(-1)!);
    }
    this.list = this.list.slice(-TRADES_KEPT);
    this.fresh = this.fresh.slice(-TRADES_KEPT);
    return true;
  }

  patch(): TradesPatch | null {
    if (this.reset) {
      this.reset = false;
      this.fresh = [];
      return { reset: true, add: this.list.slice().reverse() };
    }
    if (this.fresh.length === 0) return null;
    const add = this.fresh.reverse();
    this.fresh = [];
    return { add };
  }
}

describe('TradeTape (ring of trades, views built at flush)', () => {
  it('matches the plain list model on seeded batches with repeats, overflows and bad prices', () => {
    const seed = seedFromEnv();
    const random = rng(seed);
    for (let run = 0; run < 100; run++) {
      const ours = new TradeTape(2);
      const naive = new NaiveTape();
      let next = 1;
      for (let step = 0; step < 200; step++) {
        const size = random() < 0.05 ? 120 + Math.floor(random() * 100) : 1 + Math.floor(random() * 5);
        const batch = Array.from({ length: size }, (): WireTrade => {
          const repeat = random() < 0.3;
          const id = repeat ? Math.max(1, next - Math.floor(random() * 250)) : next++;
          const price = random() < 0.003 ? '1.505' : '1.50';
          return { id: String(id), t: step, price, qty: '2', side: random() < 0.5 ? 'buy' : 'sell' };
        });
        const where = `seed ${seed}, run ${run}, step ${step}`;
        const snapshot = random() < 0.03;
        const steps = tradeSteps(batch, 2);
        const accepted = snapshot ? ours.load(batch, steps) : ours.add(batch, steps);
        expect(accepted, where).toBe(snapshot ? naive.load(batch) : naive.add(batch));
        if (!accepted) {
          // The stream resyncs: a fresh snapshot replaces the tape.
          ours.load([], []);
          naive.load([]);
        }
        if (random() < 0.5) expect(ours.patch(), where).toEqual(naive.patch());
      }
    }
  });

  it('tells apart two ids whose hashes are equal', () => {
    const tape = new TradeTape(2);
    const trade = (id: string): WireTrade => ({ id, t: 1, price: '1.50', qty: '2', side: 'buy' });
    // "Aa" and "BB": the same 31-based hash of the same length.
    const add = (trades: WireTrade[]) => tape.add(trades, tradeSteps(trades, 2));
    expect(add([trade('Aa')])).toBe(true);
    expect(add([trade('BB'), trade('Aa')])).toBe(true);
    expect(tape.patch()?.add.map((view) => view.id)).toEqual(['BB', 'Aa']);
  });
});
