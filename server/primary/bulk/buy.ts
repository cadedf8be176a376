import Decimal from 'decimal.js';
import { eq } from 'drizzle-orm';
import { blockCharge, blockPrice, checkBlockOrder, lockupEnd } from '../../../domain/ipo/block';
import { parseLots } from '../../../domain/ipo/lots';
import type { BlockOrder } from '../../../domain/protocol/bulk';
import { lockUserRow } from '../../accounts/user-lock';
import type { Session } from '../../auth/session';
import type { Db } from '../../db/client';
import { blockOrders, blockTrades } from '../../db/schema/bulk';
import { decimalField } from '../../http/decimal-field';
import { ApiError } from '../../http/errors';
import { systemAccount, userAccount } from '../../ledger/account-ref';
import { postTransaction, type PostingLine } from '../../ledger/post';
import type { MarketSource } from '../../market/source';
import { balanceOf } from '../../trading/spot/place';
import { isVipMember } from '../../membership/vip';
import { confirmTradePassword } from '../confirm';
import { bookHolding } from '../holdings';
import { announceBalances } from '../ipo/notify';
import { lockOffering } from '../lifecycle/offering-lock';
import { blockOrderOnWire } from './block-reads';
import {
  blockTermsOf,
  loadBlock,
  lotsTaken,
  referencePriceOf,
  type BlockOrderRow,
  type BlockRow,
} from './block-terms';
import type { IpoCharge } from '../../../domain/ipo/money';

/**
 * Buys lots of a block. The trade password first, then in ONE
 * transaction: the block row locked (so buyers across users queue and "first come" is the
 * order their transactions commit in), the caller's user row locked, domain/ipo/block's checks
 * against what is sold in the caller's pool and what they already bought, the price they saw
 * against the live one, then ONE ledgered posting — the stock account pays price × shares plus
 * costs, the seller's side (the `market` counterparty, as for fills) delivers the shares — and
 * the shares booked as a holding locked until the lock-up ends.
 *
 * Demo accounts buy with virtual money from a demo pool of the same size, so practice never
 * takes lots from real buyers. A `vipOnly` block is sold only to VIP members (trial or purchased,
 * server/membership/vip.ts); others are refused with BLOCK_VIP_ONLY.
 */
export async function buyBlock(
  db: Db,
  market: MarketSource,
  session: Session,
  input: { id: bigint; lots: string; price: string; tradePassword: string },
  now: number,
): Promise<BlockOrder> {
  // The shown price is a number before anything else is asked ("abc" was answered "the price
  // changed", or "insufficient balance" when that came first). Here, not in the shared schema:
  // the client evaluates that module on its first screen, and the check would ride along.
  if (input.price === '') throw new ApiError('FIELD_REQUIRED', { field: 'price' });
  decimalField(input.price, 'price');
  await confirmTradePassword(db, session, input.tradePassword);
  const block = await loadBlock(db, input.id);
  const row = await db.transaction(async (tx) => {
    await lockOffering(tx, blockTrades, block.id);
    await lockUserRow(tx, session.userId);
    const reference = referencePriceOf(market, block.symbol);
    if (reference === null) throw new ApiError('NOT_TRADABLE');
    const terms = blockTermsOf(block, reference);
    const { sold, mine } = await lotsTaken(tx, session.accountType, block.id, session.userId);
    const refusal = checkBlockOrder(input.lots, terms, {
      t: now,
      isVip: await isVipMember(tx, session.userId, now),
      soldLots: sold,
      boughtLots: mine ?? 0n,
      available: await balanceOf(tx, session.userId, session.accountType, 'stock', 'TRY'),
    });
    if (refusal) throw new ApiError(refusal.key, refusal.params);
    const price = blockPrice(reference, terms.discount) ?? '0';
    if (!samePrice(input.price, price)) throw new ApiError('BLOCK_PRICE_CHANGED', { price });
    const lots = parseLots(input.lots) ?? 0n;
    const charge = blockCharge(terms, lots);
    if (charge === null) throw new ApiError('BLOCK_DISCOUNT_INVALID');
    return bookBlockOrder(tx, session, block, { lots, price, reference, charge }, now);
  });
  await announceBalances(db, session.userId, session.accountType, now);
  return blockOrderOnWire(market, block, row, now);
}

/**
 * The bought lots in ONE ledgered posting — the stock account pays price × shares plus costs, the
 * seller's side (the `market` counterparty, as for fills) delivers the shares — and the shares
 * booked as a holding locked until the lock-up ends; answers the order row.
 */
async function bookBlockOrder(
  tx: Db,
  session: Session,
  block: BlockRow,
  bought: { lots: bigint; price: string; reference: string; charge: IpoCharge },
  now: number,
): Promise<BlockOrderRow> {
  const { lots, price, reference, charge } = bought;
  const shares = new Decimal(lots.toString()).times(block.lotSize);
  const lines: PostingLine[] = [
    {
      account: userAccount(session.userId, session.accountType, 'stock', 'TRY'),
      amount: new Decimal(charge.total).neg().toFixed(),
    },
    { account: systemAccount('market', 'TRY'), amount: charge.amount },
    { account: systemAccount('market', block.symbol), amount: shares.neg().toFixed() },
    {
      account: userAccount(session.userId, session.accountType, 'stock', block.symbol),
      amount: shares.toFixed(),
    },
  ];
  if (!new Decimal(charge.costs).isZero())
    lines.push({ account: systemAccount('fees', 'TRY'), amount: charge.costs });
  const [order] = await tx
    .insert(blockOrders)
    .values({
      blockId: block.id,
      userId: session.userId,
      accountType: session.accountType,
      symbol: block.symbol,
      lots: lots.toString(),
      referencePrice: reference,
      price,
      amount: charge.amount,
      costs: charge.costs,
      total: charge.total,
      boughtAt: now,
      lockedUntil: lockupEnd(now, block.lockupDays),
      txId: 0n,
    })
    .returning();
  if (!order) throw new Error('block order insert returned nothing');
  const posted = await postTransaction(tx, {
    reason: 'block_trade',
    referenceType: 'block_order',
    referenceId: String(order.id),
    memo: `${block.symbol} ${lots.toString()} lot @ ${price}`,
    lines,
  });
  await bookHolding(tx, {
    userId: session.userId,
    accountType: session.accountType,
    symbol: block.symbol,
    shares,
    cost: charge.total,
    unlockAt: order.lockedUntil,
    now,
  });
  const [done] = await tx
    .update(blockOrders)
    .set({ txId: posted.id })
    .where(eq(blockOrders.id, order.id))
    .returning();
  return (done ?? order) as BlockOrderRow;
}

/** The price the screen showed, compared as a number ("42.5" is "42.50"); garbage never matches. */
function samePrice(shown: string, price: string): boolean {
  if (!/^\d{1,12}(\.\d{1,8})?$/.test(shown)) return false;
  return new Decimal(shown).eq(price);
}
