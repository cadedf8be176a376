import type Decimal from 'decimal.js';
import { realisticTradePnl } from '../../domain/costs/trade-share';
import type { ClosedTrade } from '../../domain/journal/trade';
import { contractDeltas } from '../costs/contract-pnl';
import { realisticOf } from '../costs/store';
import type { Db } from '../db/client';

/**
 * Each trade's realistic P&L (what the same fills would have made on a real venue), by trade id,
 * from the counterparts server/costs stored for its fills (a live trade's spot fills, a replay's
 * own, a live contract position's executions and funding); a trade missing from the answer shows
 * "—" (options have no counterparts).
 */
/** A contract trade's position id: the last part of its id (`live:contract:<id>`). */
const positionIdOf = (t: ClosedTrade) => t.id.slice(t.id.lastIndexOf(':') + 1);

export async function realisticPnl(db: Db, trades: readonly ClosedTrade[]): Promise<Map<string, Decimal>> {
  const ids = (source: 'live' | 'replay') =>
    trades.filter((t) => t.source === source).flatMap((t) => t.fills.map((f) => f.id));
  const contracts = trades.filter((t) => t.source === 'live' && t.product === 'contract');
  const [spot, replay, positions] = await Promise.all([
    realisticOf(db, ids('live'), 'spot'),
    realisticOf(db, ids('replay'), 'replay'),
    contractDeltas(db, contracts.map(positionIdOf)),
  ]);
  const out = new Map<string, Decimal>();
  for (const t of contracts) {
    const delta = positions.get(positionIdOf(t));
    if (delta) out.set(t.id, t.pnl.minus(delta));
  }
  for (const t of trades) {
    if (t.fills.length === 0) continue;
    const found = t.source === 'live' ? spot : replay;
    const pnl = realisticTradePnl(t.pnl, t.fills, (id) => found.get(id)?.delta);
    if (pnl) out.set(t.id, pnl);
  }
  return out;
}
