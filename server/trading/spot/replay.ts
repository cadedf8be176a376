import Decimal from 'decimal.js';
import { and, asc, eq } from 'drizzle-orm';
import { spotFills, spotOrders } from '../../db/schema/trading';
import type { Batch } from '../batch';
import { SpotPending } from './pending';
import type { PlaceInput } from './place-input';
import type { FillRow, OrderRow } from './rows';
import { ownedBy } from '../../db/owned';

/**
 * Idempotency by client order id: an order sent again with the same id answers the order it
 * placed the first time (a retry after a lost answer), never a second one.
 */
type ClientOrder = Pick<
  PlaceInput,
  | 'userId'
  | 'accountType'
  | 'wallet'
  | 'clientOrderId'
  | 'instrument'
  | 'side'
  | 'type'
  | 'timeInForce'
  | 'quantity'
  | 'price'
>;

/** An order already placed with this client order id, if any (this batch's included). */
export async function findByClientId(batch: Batch, input: ClientOrder): Promise<OrderRow | undefined> {
  if (input.clientOrderId === null) return undefined;
  const pending = SpotPending.of(batch);
  const key = [input.userId, input.accountType, input.wallet, input.clientOrderId] as const;
  const here = pending.byClientId(...key);
  if (here) return here;
  // Read with the batch (prefetchOrder): a new id, the usual case, costs no statement.
  const read = pending.clientRead(...key);
  if (read === null) return undefined;
  const [row] = await batch.tx
    .select()
    .from(spotOrders)
    .where(
      read !== undefined
        ? eq(spotOrders.id, read)
        : and(
            ownedBy(spotOrders, input),
            eq(spotOrders.wallet, input.wallet),
            eq(spotOrders.clientOrderId, input.clientOrderId),
          ),
    );
  return row;
}

/** Whether a stored order is the one `input` asks for (a retry), compared by value. */
export function sameOrder(order: OrderRow, input: ClientOrder): boolean {
  const price = (p: string | null) => (p === null ? null : new Decimal(p).toFixed());
  return (
    order.symbol === input.instrument.symbol &&
    order.side === input.side &&
    order.type === input.type &&
    order.timeInForce === input.timeInForce &&
    new Decimal(order.quantity).eq(input.quantity) &&
    price(order.price) === price(input.price)
  );
}

export async function fillsOf(batch: Batch, orderId: bigint): Promise<FillRow[]> {
  const stored = await batch.tx
    .select()
    .from(spotFills)
    .where(eq(spotFills.orderId, orderId))
    .orderBy(asc(spotFills.id));
  return stored.concat(SpotPending.of(batch).fillsOf(orderId));
}
