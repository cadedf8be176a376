import type Decimal from 'decimal.js';
import { realisticTradePnl } from '../../domain/costs/trade-share';
import type { ClosedTrade } from '../../domain/journal/trade';
import { realisticOf } from '../costs/store';
import type { Db } from '../db/client';

/**
 * Each trade's realistic P&L (what the same fills would have made on a real venue), by trade id,
 * from the counterparts server/costs stored for its fills (a live trade's spot fills, a replay's
 * own); a trade missing from the answer shows "—" (contracts and options have no counterparts).
 */
export async function realisticPnl(db: Db, trades: readonly ClosedTrade[]): Promise<Map<string, Decimal>> {
  const ids = (source: 'live' | 'replay') =>
    trades.filter((t) => t.source === source).flatMap((t) => t.fills.map((f) => f.id));
  const [spot, replay] = await Promise.all([
    realisticOf(db, ids('live'), 'spot'),
    realisticOf(db, ids('replay'), 'replay'),
  ]);
  const out = new Map<string, Decimal>();
  for (const t of trades) {
    if (t.fills.length === 0) continue;
    const found = t.source === 'live' ? spot : replay;
    const pnl = realisticTradePnl(t.pnl, t.fills, (id) => found.get(id)?.delta);
    if (pnl) out.set(t.id, pnl);
  }
  return out;
}
