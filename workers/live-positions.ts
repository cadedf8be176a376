import { figuresAt, preparePosition, type PreparedPosition } from '../domain/contracts/figures';
import type { MarginRules } from '../domain/contracts/margin';
import type { LivePositionInput, MarketPatch, PositionFigures } from '../domain/market-data/contract';

type Entry = {
  input: LivePositionInput;
  /** Built on the first mark, once the symbol's price scale is known. */
  prepared: PreparedPosition | null;
  posted: PositionFigures | null;
};

const FIELDS = [
  'mark',
  'notional',
  'unrealizedPnl',
  'roe',
  'maintenanceMargin',
  'marginRatio',
  'liquidationPrice',
] as const satisfies readonly (keyof PositionFigures)[];

function same(a: PositionFigures, b: PositionFigures): boolean {
  for (const field of FIELDS) if (a[field] !== b[field]) return false;
  return true;
}

/**
 * Open contract positions kept live in the worker: on a mark tick each position of that symbol is
 * recomputed with the same figuresAt the server answers with, and only those whose figures
 * changed are posted, by id. What does not move with the mark (liquidation price, qty × entry)
 * is prepared once per position.
 */
export class LivePositions {
  private readonly entries = new Map<string, Entry>();
  private readonly bySymbol = new Map<string, Entry[]>();
  private readonly lastMarks = new Map<string, string>();
  private dirty: Record<string, PositionFigures | null> = {};
  private hasDirty = false;
  private rules: MarginRules | null = null;
  private readonly scaleOf: (symbol: string) => number | null;

  constructor(scaleOf: (symbol: string) => number | null) {
    this.scaleOf = scaleOf;
  }

  /** Replaces the followed list; returns the symbols whose marks are needed. */
  set(list: readonly LivePositionInput[], rules: MarginRules): string[] {
    // Rules arrive structured-cloned with every call (Comlink): compare what they say, or every
    // refetch would re-prepare every position.
    const rulesChanged = this.rules === null || !sameRules(this.rules, rules);
    this.rules = rules;
    const previous = new Map(this.entries);
    this.entries.clear();
    this.bySymbol.clear();
    for (const input of list) {
      const old = previous.get(input.id);
      previous.delete(input.id);
      // An unchanged position keeps what was prepared and posted; a changed one (margin added,
      // partly closed) starts again.
      const keep = old && !rulesChanged && sameInput(old.input, input);
      const entry: Entry = keep ? old : { input, prepared: null, posted: old?.posted ?? null };
      this.entries.set(input.id, entry);
      const group = this.bySymbol.get(input.symbol);
      if (group) group.push(entry);
      else this.bySymbol.set(input.symbol, [entry]);
    }
    for (const id of previous.keys()) this.mark(id, null);
    for (const [symbol, mark] of this.lastMarks) if (this.bySymbol.has(symbol)) this.onMark(symbol, mark);
    return [...this.bySymbol.keys()];
  }

  /** A mark tick: recompute that symbol's positions; post those whose figures changed. */
  onMark(symbol: string, mark: string): void {
    this.lastMarks.set(symbol, mark);
    const group = this.bySymbol.get(symbol);
    const rules = this.rules;
    if (!group || !rules) return;
    for (const entry of group) {
      if (!entry.prepared) {
        const scale = this.scaleOf(symbol);
        if (scale === null) return;
        entry.prepared = preparePosition(entry.input, rules, scale);
      }
      const figures = figuresAt(entry.prepared, mark);
      if (entry.posted && same(entry.posted, figures)) continue;
      entry.posted = figures;
      this.mark(entry.input.id, figures);
    }
  }

  /** Symbols no longer followed may forget their last mark. */
  forget(symbol: string): void {
    if (!this.bySymbol.has(symbol)) this.lastMarks.delete(symbol);
  }

  flushInto(patch: MarketPatch): boolean {
    if (!this.hasDirty) return false;
    patch.positions = this.dirty;
    this.dirty = {};
    this.hasDirty = false;
    return true;
  }

  private mark(id: string, figures: PositionFigures | null): void {
    this.dirty[id] = figures;
    this.hasDirty = true;
  }
}

function sameInput(a: LivePositionInput, b: LivePositionInput): boolean {
  return (
    a.symbol === b.symbol &&
    a.side === b.side &&
    a.qty === b.qty &&
    a.entryPrice === b.entryPrice &&
    a.margin === b.margin
  );
}

function sameRules(a: MarginRules, b: MarginRules): boolean {
  return (
    a.feeRate === b.feeRate &&
    a.liquidationFeeRate === b.liquidationFeeRate &&
    JSON.stringify(a.tiers) === JSON.stringify(b.tiers)
  );
}
