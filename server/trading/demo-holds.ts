import { and, eq, inArray } from 'drizzle-orm';
import { LIVE_ORDER_STATUSES, type OrderStatus } from '../../domain/protocol/trading';
import type { Db } from '../db/client';
import { contractPositions, spotOrders } from '../db/schema/trading';
import { accountCode, userAccount } from '../ledger/account-ref';
import { LedgerDecimal } from '../ledger/decimal';
import type { MarketSource } from '../market/source';
import { currenciesOf } from './spot/booking';
import { ownedBy } from '../db/owned';
import type { Wallet } from '../../domain/protocol/account';

/**
 * What the user's live demo orders and open demo positions hold, by frozen account code, for the
 * demo reset to keep (server/ledger/demo.ts `resetDemo`). The reset cancels and closes them first;
 * one placed or opened after that and committed before the reset's account locks kept its row
 * but lost its hold to the reset's posting: it could never be cancelled or closed again, and
 * every later reset (which begins by cancelling and closing) was refused. Read under those locks:
 * one posted later posts on the reset balance.
 */
export async function demoTradingHolds(
  tx: Db,
  market: MarketSource,
  userId: bigint,
): Promise<Map<string, LedgerDecimal>> {
  const held = new Map<string, LedgerDecimal>();
  const add = (wallet: Wallet, currency: string, amount: string) => {
    const code = accountCode(userAccount(userId, 'demo', wallet, currency, 'frozen'));
    held.set(code, (held.get(code) ?? new LedgerDecimal(0)).plus(amount));
  };
  const orders = await tx
    .select({
      wallet: spotOrders.wallet,
      symbol: spotOrders.symbol,
      side: spotOrders.side,
      frozen: spotOrders.frozen,
    })
    .from(spotOrders)
    .where(
      and(
        ownedBy(spotOrders, { userId, accountType: 'demo' }),
        inArray(spotOrders.status, LIVE_ORDER_STATUSES as OrderStatus[]),
      ),
    );
  for (const o of orders) {
    const { cash, asset } = currenciesOf(o, market.instrument(o.symbol));
    add(o.wallet, o.side === 'buy' ? cash : asset, o.frozen);
  }
  const positions = await tx
    .select({ margin: contractPositions.margin })
    .from(contractPositions)
    .where(
      and(ownedBy(contractPositions, { userId, accountType: 'demo' }), eq(contractPositions.status, 'open')),
    );
  for (const p of positions) add('contract', 'USDT', p.margin);
  return held;
}

/** Two sets of holds by frozen account code, summed. */
export function addHolds(
  a: Map<string, LedgerDecimal>,
  b: Map<string, LedgerDecimal>,
): Map<string, LedgerDecimal> {
  const sum = new Map(a);
  for (const [code, amount] of b) sum.set(code, (sum.get(code) ?? new LedgerDecimal(0)).plus(amount));
  return sum;
}
