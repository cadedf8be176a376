import { confirmOrder } from '../../accounts/pins';
import type { Session } from '../../auth/session';
import { ApiError } from '../../http/errors';
import type { JobContext } from '../writer';
import type { SpotCore } from './engine-core';
import { forgetDemoHoldings, liveDemoOrders, ordersToCancel, type CancelRequest } from './live-orders';
import { finishInIndex, finishOrders } from './matching';
import { announceBooked, messageAbout } from './notify';
import {
  prepareLeg,
  prepareOrder,
  type OrderRequest,
  type Owner,
  type PreparedOrder,
  type StoredLeg,
} from './order-request';
import { SpotPending } from './pending';
import { placeOrder, prefetchOrder, replayOf, type Placed } from './place';
import { orderToWire, type OrderRow } from './rows';
import { tradingDayOf } from './session';

/** Thrown by an order's job when the user confirms orders with the trade password (checked outside). */
const NEEDS_PIN = Symbol('needs trade password');

const prepare = (core: SpotCore, owner: Owner, request: OrderRequest) =>
  prepareOrder(core.deps.market, core.current(), owner, request);

/** The placing part of a job: the order booked in `jc`'s batch, the engine told after commit. */
async function placeInJob(core: SpotCore, jc: JobContext, input: PreparedOrder): Promise<Placed> {
  const { market } = core.deps;
  const ctx = core.bookingContext();
  const tradingDay = input.timeInForce === 'day' ? tradingDayOf(market, ctx.now) : null;
  const result = await placeOrder(jc, market, ctx, { ...input, tradingDay });
  if (result.replayed) return result;
  const { order } = result;
  jc.afterCommit(() => core.follow(order));
  finishInIndex(jc, core.index, order);
  announceBooked(jc, market, result);
  ctx.realistic?.(jc, result);
  if (result.fills.length > 0) {
    const wire = orderToWire(order, market);
    await messageAbout(jc, order, 'filled', { qty: wire.filledQty, avgPrice: wire.avgPrice ?? '0' });
  }
  return result;
}

/** Checks and places a fired leg's order inside its engine's job; a broken rule throws its refusal. */
export async function placeWithin(core: SpotCore, jc: JobContext, leg: StoredLeg): Promise<Placed> {
  const { input, refusal } = prepareLeg(core.deps.market, core.current(), leg);
  if (refusal) throw refusal;
  const placed = await placeInJob(core, jc, input);
  const { order } = placed;
  if (order.type === 'limit') jc.afterCommit(() => core.maybeMatch(order.symbol));
  return placed;
}

/** Checks the rules, then places through the writer; answers once durable. */
export async function place(core: SpotCore, session: Session, request: OrderRequest): Promise<Placed> {
  const { db, writer, clock } = core.deps;
  const { input, refusal } = prepare(core, session, request);
  if (refusal) {
    if (input.clientOrderId === null) throw refusal;
    // A retry of an order placed before the market moved (past its price band, the session's
    // close) gets its order: refused, it read as "nothing placed", and the same order confirmed
    // again under a new id was placed twice. Only refusals pay for the lookup.
    return writer.run(
      async (jc) => {
        const replay = await replayOf(jc.batch, input);
        if (!replay) throw refusal;
        return replay;
      },
      { inMemory: true },
    );
  }
  let verified = false;
  const attempt = () =>
    writer.run(
      async (jc) => {
        // The setting is read with the batch; only a user who turned it on pays for the check.
        if (!verified && (await SpotPending.of(jc.batch).confirms(jc.tx, session.userId))) throw NEEDS_PIN;
        return placeInJob(core, jc, input);
      },
      // Every write goes through the batch: no savepoint, no statement of its own.
      { inMemory: true, prefetch: (batch) => prefetchOrder(batch, input, clock.now()) },
    );
  let placed: Placed;
  try {
    placed = await attempt();
  } catch (error) {
    if (error !== NEEDS_PIN) throw error;
    // Outside the writer: the PIN's hash check is slow and must not hold the batch.
    await confirmOrder(db, session.userId, request.tradePassword);
    verified = true;
    placed = await attempt();
  }
  if (!placed.replayed && placed.order.type === 'limit') core.maybeMatch(placed.order.symbol);
  return placed;
}

/** Cancels one live order, or every live one (of a symbol); answers the cancelled orders. */
export async function cancel(core: SpotCore, session: Session, request: CancelRequest): Promise<OrderRow[]> {
  if (request.id === undefined && !request.all) throw new ApiError('FIELD_REQUIRED', { field: 'id' });
  return core.deps.writer.run(
    async (jc) => {
      // A cancel of every order reaches each partition of the wallet: each ends its own.
      const rows = (await ordersToCancel(jc.tx, session, request)).filter((row) => core.holds(row.symbol));
      return finishOrders(jc, core.deps.market, core.bookingContext(), core.index, rows, {
        kind: 'finish',
        status: 'cancelled',
        reason: 'user',
      });
    },
    // The wallet's accounts in the batch's first round, in code order (docs/partitions.md, "Lock order").
    { prefetch: (batch) => batch.ledger.wantWallets(session, [request.wallet]) },
  );
}

/**
 * Before a demo reset: the demo's live orders are cancelled the usual, ledgered way (their
 * holds come back), and its T+1 locks and cost bases go, since the reset takes the shares.
 * Each step is whole on its own, so a reset that fails afterwards leaves nothing holding
 * money it does not have.
 */
export async function onDemoReset(core: SpotCore, userId: bigint): Promise<void> {
  await core.deps.writer.run(
    async (jc) => {
      const rows = (await liveDemoOrders(jc.tx, userId)).filter((row) => core.holds(row.symbol));
      await finishOrders(jc, core.deps.market, core.bookingContext(), core.index, rows, {
        kind: 'finish',
        status: 'cancelled',
        reason: 'demo_reset',
      });
      await forgetDemoHoldings(jc.tx, userId);
    },
    { prefetch: (batch) => batch.ledger.wantWallets({ userId, accountType: 'demo' }, ['stock', 'coin']) },
  );
}
