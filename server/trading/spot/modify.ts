import type { SpotWallet } from '../../../domain/protocol/account';
import Decimal from 'decimal.js';
import { and, eq } from 'drizzle-orm';
import { checkCoinOrder } from '../../../domain/rules/coin';
import { coinBuyTotal, stockBuyTotal } from '../../../domain/rules/costs';
import {
  keepsPriority,
  modifiedHold,
  modifyProblem,
  type OrderChange,
} from '../../../domain/rules/order-modify';
import { checkStockOrder } from '../../../domain/rules/stock';
import { confirmOrder } from '../../accounts/pins';
import type { Session } from '../../auth/session';
import { ownedBy } from '../../db/owned';
import { spotOrders } from '../../db/schema/trading';
import { ApiError } from '../../http/errors';
import { withUnits } from '../../i18n';
import { userAccount } from '../../ledger/account-ref';
import { canonical, fitsLedger } from '../../ledger/decimal';
import type { Instrument } from '../../market/source';
import { checkSellable } from '../conditional/holds';
import type { JobContext } from '../writer';
import { bookExecution, currenciesOf, fillSystemAccounts, type Booked } from './booking';
import type { SpotCore } from './engine-core';
import { LIVE } from './live-orders';
import { traderAccounts } from './match-locks';
import { finishInIndex } from './matching';
import { announceBooked, messageAbout } from './notify';
import { prepareOrder, ruleUnits } from './order-request';
import { orderToWire, type OrderRow } from './rows';

/** A resting limit order's new price and/or whole quantity; what is left out stays. */
export type ModifyRequest = {
  wallet: SpotWallet;
  id: bigint;
  price?: string | undefined;
  quantity?: string | undefined;
  tradePassword?: string | undefined;
};

/** The session's own order of the wallet, still resting: ORDER_NOT_FOUND, ORDER_NOT_MODIFIABLE. */
async function ownResting(jc: JobContext, session: Session, request: ModifyRequest): Promise<OrderRow> {
  const [row] = await jc.tx
    .select()
    .from(spotOrders)
    .where(
      and(eq(spotOrders.id, request.id), ownedBy(spotOrders, session), eq(spotOrders.wallet, request.wallet)),
    );
  if (!row) throw new ApiError('ORDER_NOT_FOUND');
  if (!LIVE.includes(row.status) || row.type !== 'limit' || row.price === null)
    throw new ApiError('ORDER_NOT_MODIFIABLE');
  return row;
}

/**
 * The order rules on the new figures. A new price or more lots is a new bid: checked as a new
 * order is, against the market now (tick, band, limit-up, lots, minimum). Fewer lots at the same
 * price take nothing new: only the lot and minimum rules, so a band or a limit-up that moved
 * since does not keep a user from taking lots away.
 */
function checkRules(
  core: SpotCore,
  row: OrderRow,
  instrument: Instrument,
  next: OrderChange,
  keeps: boolean,
) {
  const request = { wallet: row.wallet, symbol: row.symbol, side: row.side, type: 'limit' as const, ...next };
  if (!keeps) {
    const { refusal } = prepareOrder(core.deps.market, core.current(), row, request);
    if (refusal) throw refusal;
    return;
  }
  const settings = core.current();
  const broken =
    row.wallet === 'stock'
      ? checkStockOrder(instrument, request, { last: null, prevClose: null }, settings.stockOrderLimits)
      : checkCoinOrder(instrument, request, null, settings.coinSpot);
  if (broken) throw new ApiError(broken.key, withUnits(broken.params, ruleUnits(row.wallet, instrument)));
}

/** The hold the order takes at its new figures, and the posting that moves the difference. */
async function rehold(
  core: SpotCore,
  jc: JobContext,
  row: OrderRow,
  instrument: Instrument,
  next: OrderChange,
) {
  const { settings } = core.bookingContext();
  const buyTotal = (amount: Decimal) =>
    row.wallet === 'stock'
      ? stockBuyTotal(amount, settings.stockCosts)
      : coinBuyTotal(amount, settings.coinSpot);
  const hold = modifiedHold({ ...row, price: row.price ?? '0' }, next, buyTotal);
  // As for a new order: a hold no account could hold is short, not a posting out of range.
  if (!fitsLedger(hold)) throw new ApiError('INSUFFICIENT_BALANCE');
  const { cash, asset } = currenciesOf(row, instrument);
  const held = row.side === 'buy' ? cash : asset;
  const more = hold.minus(row.frozen);
  if (more.isZero()) return { hold, balances: [] };
  const user = (bucket: 'available' | 'frozen') =>
    userAccount(row.userId, row.accountType, row.wallet, held, bucket);
  const posted = await jc.batch.ledger.post({
    reason: more.gt(0) ? 'order_freeze' : 'order_release',
    referenceType: 'spot_order',
    referenceId: String(row.id),
    memo: `modify ${row.side} ${next.quantity} ${row.symbol}`,
    lines: [
      { account: user('available'), amount: more.neg().toFixed() },
      { account: user('frozen'), amount: more.toFixed() },
    ],
  });
  return { hold, balances: posted.balances };
}

/** The order's new figures, written; a change that loses time priority draws a later turn. */
async function rewrite(
  jc: JobContext,
  row: OrderRow,
  next: OrderChange,
  hold: Decimal,
  keeps: boolean,
  now: number,
) {
  const queueSeq = keeps ? row.queueSeq : await jc.batch.ids.next('spot_orders');
  const [updated] = await jc.tx
    .update(spotOrders)
    .set({ price: next.price, quantity: next.quantity, frozen: hold.toFixed(), queueSeq, updatedAt: now })
    .where(eq(spotOrders.id, row.id))
    .returning();
  if (!updated) throw new ApiError('ORDER_NOT_MODIFIABLE');
  return updated;
}

/** Later balances of the same account replace earlier ones: what the user's screens show last. */
function mergeBalances(...lists: Booked['balances'][]): Booked['balances'] {
  const byCode = new Map<string, string>();
  for (const list of lists) for (const b of list) byCode.set(b.code, b.balance);
  return [...byCode].map(([code, balance]) => ({ code, balance }));
}

/**
 * One modify in the writer: the order re-read and checked, its hold re-taken (INSUFFICIENT_BALANCE
 * when more is not free; less comes back), its figures written, and a new price that crosses the
 * book executed at once, as a new order at that price would be (docs/order-modify.md).
 */
async function modifyInJob(core: SpotCore, jc: JobContext, session: Session, request: ModifyRequest) {
  const { market } = core.deps;
  const ctx = core.bookingContext();
  const row = await ownResting(jc, session, request);
  const instrument = market.instrument(row.symbol);
  if (!instrument) throw new ApiError('NOT_TRADABLE');
  const next = {
    price: canonical(request.price ?? row.price ?? '0'),
    quantity: canonical(request.quantity ?? row.quantity),
  };
  const figures = { ...row, price: row.price ?? '0' };
  const problem = modifyProblem(figures, next);
  if (problem) throw new ApiError(problem.key, problem.params);
  const keeps = keepsPriority(figures, next);
  checkRules(core, row, instrument, next, keeps);
  if (!fitsLedger(next.price)) throw new ApiError('FIELD_INVALID', { field: 'price' });
  const extra = new Decimal(next.quantity).minus(row.quantity);
  if (row.side === 'sell' && extra.gt(0)) {
    const { asset } = currenciesOf(row, instrument);
    await checkSellable(jc, row, row.wallet, instrument, asset, extra.toFixed(), ctx.now);
  }
  const { hold, balances } = await rehold(core, jc, row, instrument, next);
  const updated = await rewrite(jc, row, next, hold, keeps, ctx.now);
  const open = row.wallet === 'coin' || market.status('BIST').open;
  const remaining = new Decimal(next.quantity).minus(row.filledQty).toFixed();
  // Last, after every check: the simulated market prints what it executes even if the job failed.
  const fills =
    open && !keeps
      ? market.execute({ symbol: row.symbol, side: row.side, qty: remaining, limit: next.price })
      : [];
  const booked: Booked =
    fills.length > 0
      ? await bookExecution(jc.batch, ctx, { order: updated, instrument, fills, rest: { kind: 'rest' } })
      : { order: updated, fills: [], balances: [] };
  const result = { ...booked, balances: mergeBalances(balances, booked.balances) };
  announceBooked(jc, market, result);
  // A new price that crossed traded on arrival: priced as a taker's fills.
  ctx.realistic?.(jc, result, 'taker');
  finishInIndex(jc, core.index, result.order);
  if (fills.length > 0) {
    const wire = orderToWire(result.order, market);
    await messageAbout(jc, result.order, 'filled', { qty: wire.filledQty, avgPrice: wire.avgPrice ?? '0' });
  }
  return result;
}

/** Checks the PIN rule outside the writer (its hash check is slow), then modifies in one job. */
export async function modify(core: SpotCore, session: Session, request: ModifyRequest): Promise<Booked> {
  const { db, market, writer } = core.deps;
  await confirmOrder(db, session.userId, request.tradePassword);
  // The symbol, read ahead so that the batch locks the fill's system accounts in its first round
  // (writer.ts, RunOptions.prefetch): a new price may execute against the book.
  const [ahead] = await db
    .select({ symbol: spotOrders.symbol })
    .from(spotOrders)
    .where(eq(spotOrders.id, request.id));
  const instrument = ahead ? market.instrument(ahead.symbol) : undefined;
  const result = await writer.run((jc) => modifyInJob(core, jc, session, request), {
    // The user's own accounts too: two stock partitions share the cash (match-locks.ts).
    prefetch: instrument
      ? (batch) =>
          batch.ledger.want([...fillSystemAccounts(instrument), ...traderAccounts(session, instrument)])
      : undefined,
  });
  // The index follows the new price (a finished order left it after the commit).
  core.follow(result.order);
  core.maybeMatch(result.order.symbol);
  return result;
}
