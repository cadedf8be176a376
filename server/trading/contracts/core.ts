import type { Db } from '../../db/client';
import type { MarketSource } from '../../market/source';
import type { TradingLog } from '../deps';
import type { Writer } from '../writer';
import type { Position } from './position';
import type { RulesCache } from './rules';

/**
 * The open positions in memory, by symbol: what the risk engine scans on each mark tick without
 * a query. Only committed state lands here (afterCommit); every job re-reads and locks its row
 * before acting, so a stale copy can at worst cause a check that finds nothing to do.
 */
export function createPositionBook() {
  const byId = new Map<bigint, Position>();
  const bySymbol = new Map<string, Set<bigint>>();
  return {
    put(p: Position): void {
      if (p.status !== 'open') return this.remove(p.id);
      const before = byId.get(p.id);
      if (before && before.symbol !== p.symbol) bySymbol.get(before.symbol)?.delete(p.id);
      byId.set(p.id, p);
      let set = bySymbol.get(p.symbol);
      if (!set) bySymbol.set(p.symbol, (set = new Set()));
      set.add(p.id);
    },
    remove(id: bigint): void {
      const p = byId.get(id);
      if (!p) return;
      byId.delete(id);
      bySymbol.get(p.symbol)?.delete(id);
    },
    ofSymbol(symbol: string): Position[] {
      return [...(bySymbol.get(symbol) ?? [])].flatMap((id) => byId.get(id) ?? []);
    },
    clear(): void {
      byId.clear();
      bySymbol.clear();
    },
    size: () => byId.size,
  };
}
export type PositionBook = ReturnType<typeof createPositionBook>;

/** What the engine's parts share. */
export type EngineCore = {
  db: Db;
  market: MarketSource;
  clock: { now(): number };
  writer: Writer;
  rules: RulesCache;
  book: PositionBook;
  log?: TradingLog | undefined;
};
