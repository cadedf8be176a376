import { isPriceKind } from '../../domain/alerts/kinds';
import { createMoveIndex } from '../../domain/alerts/move-index';
import { createPriceIndex } from '../../domain/alerts/price-index';
import type { MarketSource } from '../market/source';
import type { Known } from './engine-types';
import { createRiskWatch } from './risk-watch';
import { plainDecimal, type StoredAlert } from './store';

/**
 * The alerts an engine watches, each in the index its kind is evaluated by (price crossings,
 * move windows, contract risk), with whom to tell. Adding one twice keeps the first: a change
 * may be heard both from the table and from the bus.
 */
export function createAlertBook(market: MarketSource, now: () => number) {
  const prices = createPriceIndex();
  const moves = createMoveIndex();
  const risks = createRiskWatch();
  const known = new Map<string, Known>();
  /** The last price each symbol's crossings are measured from. */
  const lastPrice = new Map<string, string>();

  function watch(row: StoredAlert, id: string, threshold: string): void {
    if (isPriceKind(row.kind)) {
      prices.add({ id, symbol: row.symbol, kind: row.kind, threshold, armed: row.armed });
      if (!lastPrice.has(row.symbol)) {
        const last = market.ticker(row.symbol)?.last;
        if (last !== undefined) lastPrice.set(row.symbol, last);
      }
    } else if (row.kind === 'move') {
      const last = market.ticker(row.symbol)?.last;
      moves.add(
        { id, symbol: row.symbol, percent: threshold, windowMinutes: row.windowMinutes ?? 15 },
        row.restingUntil ?? 0,
        last === undefined ? undefined : { t: now(), price: last },
      );
    } else risks.add(row.symbol, id, row.armed);
  }

  return {
    prices,
    moves,
    risks,
    known,
    lastPrice,
    add(row: StoredAlert): void {
      const id = String(row.id);
      if (known.has(id)) return;
      const threshold = plainDecimal(row.threshold);
      known.set(id, {
        owner: { userId: row.userId, accountType: row.accountType },
        symbol: row.symbol,
        kind: row.kind,
        threshold,
        windowMinutes: row.windowMinutes,
      });
      watch(row, id, threshold);
    },
    /** Whether it was watched. */
    remove(id: string): boolean {
      const meta = known.get(id);
      if (!meta) return false;
      known.delete(id);
      prices.remove(id);
      moves.remove(id);
      risks.remove(meta.symbol, id);
      return true;
    },
  };
}
export type AlertBook = ReturnType<typeof createAlertBook>;
