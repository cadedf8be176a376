import type Decimal from 'decimal.js';
import type { ClosedTrade } from '../../domain/journal/trade';
import type { Db } from '../db/client';

/**
 * Each trade's realistic P&L (what the same fills would have made on a real venue), by trade id;
 * a trade missing from the answer shows "—". Until the realistic counterpart of fills is stored
 * (server/costs), none is known.
 */
export async function realisticPnl(_db: Db, _trades: readonly ClosedTrade[]): Promise<Map<string, Decimal>> {
  return new Map();
}
