import type { SpotWallet } from '../../../domain/protocol/account';
import { and, eq, inArray } from 'drizzle-orm';
import { LIVE_ORDER_STATUSES, type OrderStatus } from '../../../domain/protocol/trading';
import type { Session } from '../../auth/session';
import type { Db } from '../../db/client';
import { spotOrders, spotPositions, stockLocks } from '../../db/schema/trading';
import { ApiError } from '../../http/errors';
import type { OrderRow } from './rows';
import { ownedBy } from '../../db/owned';

export const LIVE = LIVE_ORDER_STATUSES as OrderStatus[];

export type CancelRequest = {
  wallet: SpotWallet;
  id?: bigint | undefined;
  all?: boolean;
  symbol?: string | undefined;
  /** With `all`: only these orders (those a confirmation named), of those still live. */
  ids?: readonly bigint[] | undefined;
};

/**
 * The user's orders a cancel names, read in the cancelling job: the one order (ORDER_NOT_FOUND
 * when it is not theirs, ORDER_NOT_CANCELLABLE when it is no longer live), or every live one of
 * the wallet (of one symbol, when given; of the named `ids`, when given).
 */
export async function ordersToCancel(tx: Db, session: Session, request: CancelRequest): Promise<OrderRow[]> {
  const mine = and(ownedBy(spotOrders, session), eq(spotOrders.wallet, request.wallet));
  if (request.id === undefined)
    return tx
      .select()
      .from(spotOrders)
      .where(
        and(
          mine,
          inArray(spotOrders.status, LIVE),
          request.symbol ? eq(spotOrders.symbol, request.symbol) : undefined,
          request.ids ? inArray(spotOrders.id, [...request.ids]) : undefined,
        ),
      );
  const rows = await tx
    .select()
    .from(spotOrders)
    .where(and(mine, eq(spotOrders.id, request.id)));
  const row = rows[0];
  if (!row) throw new ApiError('ORDER_NOT_FOUND');
  if (!LIVE.includes(row.status)) throw new ApiError('ORDER_NOT_CANCELLABLE');
  return rows;
}

/** Those of `ids` still live (the others were finished meanwhile). */
export function liveOrdersAmong(tx: Db, ids: readonly bigint[]): Promise<OrderRow[]> {
  return tx
    .select()
    .from(spotOrders)
    .where(and(inArray(spotOrders.id, [...ids]), inArray(spotOrders.status, LIVE)));
}

/** A user's live demo orders. */
export function liveDemoOrders(tx: Db, userId: bigint): Promise<OrderRow[]> {
  return tx
    .select()
    .from(spotOrders)
    .where(and(ownedBy(spotOrders, { userId, accountType: 'demo' }), inArray(spotOrders.status, LIVE)));
}

/** A demo's T+1 locks and cost bases, which a reset ends together with the shares it takes. */
export async function forgetDemoHoldings(tx: Db, userId: bigint): Promise<void> {
  await tx.delete(stockLocks).where(ownedBy(stockLocks, { userId, accountType: 'demo' }));
  await tx.delete(spotPositions).where(ownedBy(spotPositions, { userId, accountType: 'demo' }));
}
