import Decimal from 'decimal.js';
import { ensure } from '../../../domain/assert';
import type { AccountType } from '../../../domain/protocol/account';
import { crossed, trailStep, type Direction, type TrailOffset } from '../../../domain/conditional/trigger';

/** A waiting trigger as the index keeps it. */
export type TriggerEntry = {
  id: bigint;
  symbol: string;
  direction: Direction;
  trigger: string;
  /** A trailing stop: the side it protects, its offset, the best price so far, the price scale. */
  trail: { side: 'buy' | 'sell'; offset: TrailOffset; best: string; scale: number } | null;
  /** Whose leg it is: its firing's batch locks that user's accounts of the symbol first. */
  owner: { userId: bigint; accountType: AccountType };
};

/** Entries kept sorted by `key`, nearest to firing first (see SymbolTriggers). */
class Sorted {
  readonly items: TriggerEntry[] = [];
  constructor(
    private readonly key: (e: TriggerEntry) => string,
    /** Ascending (true) or descending. */
    private readonly ascending: boolean,
  ) {}

  private position(value: Decimal): number {
    let lo = 0;
    let hi = this.items.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const cmp = new Decimal(this.key(ensure(this.items[mid], 'a midpoint lies in the list'))).cmp(value);
      if (this.ascending ? cmp <= 0 : cmp >= 0) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  add(entry: TriggerEntry): void {
    this.items.splice(this.position(new Decimal(this.key(entry))), 0, entry);
  }

  remove(id: bigint): TriggerEntry | undefined {
    const i = this.items.findIndex((e) => e.id === id);
    return i < 0 ? undefined : this.items.splice(i, 1)[0];
  }

  /** Takes the leading entries while `test` holds: those a price crossed, and no others. */
  takeWhile(test: (e: TriggerEntry) => boolean): TriggerEntry[] {
    let n = 0;
    for (const item of this.items) {
      if (!test(item)) break;
      n += 1;
    }
    return this.items.splice(0, n);
  }
}

/**
 * One symbol's triggers. Those waiting for a rise sorted by trigger ascending, those waiting for a
 * fall descending: a trade fires the leading entries it crosses and looks at no more. Trailing
 * stops sit there too by their current trigger, and in a second list by their best price (a
 * sell's ascending, a buy's descending), so a new best reaches only the stops it improves.
 */
/** A trailing stop's trail: the trailing lists hold only entries that have one. */
const trailOf = (e: TriggerEntry) => ensure(e.trail, 'a trailing list holds trailing stops');

class SymbolTriggers {
  readonly rise = new Sorted((e) => e.trigger, true);
  readonly fall = new Sorted((e) => e.trigger, false);
  readonly trailSell = new Sorted((e) => trailOf(e).best, true);
  readonly trailBuy = new Sorted((e) => trailOf(e).best, false);

  size(): number {
    return this.rise.items.length + this.fall.items.length;
  }
}

export class TriggerIndex {
  private readonly symbols = new Map<string, SymbolTriggers>();

  private of(symbol: string): SymbolTriggers {
    let s = this.symbols.get(symbol);
    if (!s) this.symbols.set(symbol, (s = new SymbolTriggers()));
    return s;
  }

  add(entry: TriggerEntry): void {
    this.remove(entry.symbol, entry.id);
    const s = this.of(entry.symbol);
    (entry.direction === 'rise' ? s.rise : s.fall).add(entry);
    if (entry.trail) (entry.trail.side === 'sell' ? s.trailSell : s.trailBuy).add(entry);
  }

  remove(symbol: string, id: bigint): void {
    const s = this.symbols.get(symbol);
    if (!s) return;
    for (const list of [s.rise, s.fall, s.trailSell, s.trailBuy]) list.remove(id);
    if (s.size() === 0) this.symbols.delete(symbol);
  }

  /**
   * A trade at `price`: answers the entries it crosses (taken out of the index, so each is handed
   * over once) and the trailing stops whose best price it improved (their new trigger set).
   */
  trade(symbol: string, price: string): { fired: TriggerEntry[]; trailed: TriggerEntry[] } {
    const s = this.symbols.get(symbol);
    if (!s) return { fired: [], trailed: [] };
    const fired = [
      ...s.rise.takeWhile((e) => crossed('rise', e.trigger, price)),
      ...s.fall.takeWhile((e) => crossed('fall', e.trigger, price)),
    ];
    for (const e of fired) if (e.trail) (e.trail.side === 'sell' ? s.trailSell : s.trailBuy).remove(e.id);
    const trailed = [
      ...s.trailSell.takeWhile((e) => new Decimal(trailOf(e).best).lt(price)),
      ...s.trailBuy.takeWhile((e) => new Decimal(trailOf(e).best).gt(price)),
    ];
    for (const e of trailed) {
      const trail = trailOf(e);
      const next = trailStep(
        trail.side,
        { best: trail.best, trigger: e.trigger },
        trail.offset,
        price,
        trail.scale,
      );
      const byTrigger = e.direction === 'rise' ? s.rise : s.fall;
      byTrigger.remove(e.id);
      if (next) {
        e.trigger = next.trigger;
        trail.best = next.best;
      }
      byTrigger.add(e);
      (trail.side === 'sell' ? s.trailSell : s.trailBuy).add(e);
    }
    if (s.size() === 0) this.symbols.delete(symbol);
    return { fired, trailed };
  }

  has(symbol: string): boolean {
    return this.symbols.has(symbol);
  }

  size(): number {
    let n = 0;
    for (const s of this.symbols.values()) n += s.size();
    return n;
  }

  clear(): void {
    this.symbols.clear();
  }
}
