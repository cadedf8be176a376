import { cashScale } from '../../../domain/format/money';
import { BUCKETS, systemAccount, userAccount, type AccountRef } from '../../ledger/account-ref';
import { LedgerDecimal } from '../../ledger/decimal';
import type { ExecFill, Instrument } from '../../market/source';
import type { Batch } from '../batch';
import type { JobContext } from '../writer';
import { draftFills, executionLines, type FillDraft } from './fill-drafts';
import { SpotPending } from './pending';
import type { FillRow, OrderRow } from './rows';
import type { SpotSettings } from './settings';

const D = LedgerDecimal;
type D = LedgerDecimal;

/** What happens to an order's unfilled rest after this execution. */
export type Rest =
  | { kind: 'rest' }
  | { kind: 'finish'; status: 'closed' | 'cancelled' | 'system_closed'; reason: string | null };

export type Execution = { order: OrderRow; instrument: Instrument; fills: ExecFill[]; rest: Rest };

/**
 * Notes a booked execution for its realistic counterpart (server/costs/recorder.ts), in the job.
 * `taker`: its fills traded on arrival though the order was resting before (a modify that crossed).
 */
export type RealisticTap = (jc: JobContext, booked: Booked, role?: 'taker') => void;

export type BookingContext = {
  settings: SpotSettings;
  now: number;
  unlockAt: () => number;
  /** Absent: no realistic counterparts are kept (a follower's engine, a bare test). */
  realistic?: RealisticTap | undefined;
};

export type Booked = {
  order: OrderRow;
  fills: FillRow[];
  /** Balances after the posting, by account code (empty when nothing moved). */
  balances: { code: string; balance: string }[];
  /** The units of the asset held (free + frozen) before the fills; absent without fills. */
  held?: string;
};

/** The wallet's cash and the asset an order trades, as ledger currencies. */
export function currenciesOf(
  order: Pick<OrderRow, 'wallet' | 'symbol'>,
  instrument: Pick<Instrument, 'quote' | 'base'> | undefined,
) {
  return order.wallet === 'stock'
    ? { cash: 'TRY', asset: order.symbol }
    : { cash: instrument?.quote ?? 'USDT', asset: instrument?.base ?? order.symbol };
}

/**
 * The system accounts a symbol's fills post to. A matching job names them for its batch's first
 * round of locks (writer.ts, RunOptions.prefetch): taken in a later round, after the users' accounts the
 * batch already holds, they could deadlock with a posting outside the writer (a robot's or an AI
 * product's fill) that holds the asset's market account and waits for the cash one.
 */
export function fillSystemAccounts(instrument: Instrument): AccountRef[] {
  const wallet = instrument.market === 'stock' ? 'stock' : 'coin';
  const { cash, asset } = currenciesOf({ wallet, symbol: instrument.symbol }, instrument);
  return [systemAccount('market', cash), systemAccount('market', asset), systemAccount('fees', cash)];
}

/** The user's holding of an asset (free + frozen) and its cost basis, before this execution. */
async function holdingBefore(batch: Batch, order: OrderRow, asset: string) {
  const refs = BUCKETS.map((bucket) =>
    userAccount(order.userId, order.accountType, order.wallet, asset, bucket),
  );
  await batch.ledger.load(refs);
  const position = await SpotPending.of(batch).position(batch.tx, order);
  return {
    qty: refs.reduce((sum, ref) => sum.plus(batch.ledger.balance(ref)), new D(0)),
    avgCost: new D(position?.avgCost ?? '0'),
    realized: new D(position?.realizedPnl ?? '0'),
  };
}

/**
 * Books one execution of an order in the writer's batch (in memory, written at its flush): one
 * balanced ledger transaction
 * (cash ↔ market, asset ↔ market, costs → fees, and the unused hold back to available when the
 * order finishes), the fill rows, T+1 locks, the cost basis and realised P&L, and the order row.
 * Each fill is charged the difference of the order's cumulative costs, so an order's costs are
 * exactly the cost function of its filled amount, never above what its hold assumed.
 */
export async function bookExecution(batch: Batch, ctx: BookingContext, exec: Execution): Promise<Booked> {
  const { order, instrument, fills } = exec;
  const { cash, asset } = currenciesOf(order, instrument);
  const buy = order.side === 'buy';
  const pending = SpotPending.of(batch);
  const before = fills.length > 0 ? await holdingBefore(batch, order, asset) : null;

  const drafted = draftFills(order, ctx.settings, fills, before, cashScale(cash));
  const { drafts, qty, amount, costs, realizedExact } = drafted;
  const hold = holdAfter(order, drafted, exec.rest);
  const { spent, release } = hold;

  const lines = executionLines(order, { cash, asset }, { qty, amount, costs, spent, release });
  let ledgerTxId: bigint | null = null;
  let balances: Booked['balances'] = [];
  if (lines.length >= 2) {
    const posted = await batch.ledger.post({
      reason: fills.length > 0 ? 'fill' : 'order_release',
      referenceType: 'spot_order',
      referenceId: String(order.id),
      memo: `${order.side} ${qty.toFixed()} ${order.symbol}`,
      lines,
    });
    ledgerTxId = posted.id;
    balances = posted.balances;
  }

  const fillRows: FillRow[] = [];
  if (drafts.length > 0 && ledgerTxId !== null) {
    const txId: bigint = ledgerTxId;
    for (const draft of drafts)
      fillRows.push(fillRowOf(order, draft, await batch.ids.next('spot_fills'), txId, ctx.now));
    pending.addFills(fillRows);
    if (buy && order.wallet === 'stock' && instrument.t1) {
      const unlockAt = ctx.unlockAt();
      pending.addLocks(
        fillRows.map((f) => ({
          userId: order.userId,
          accountType: order.accountType,
          symbol: order.symbol,
          fillId: f.id,
          qty: f.qty,
          unlockAt,
        })),
      );
    }
    pending.putPosition(
      positionAfter(order, ctx.now, before, { buy, qty, amount, costs, realized: realizedExact }),
    );
  }

  const updated = orderAfter(order, drafted, hold, ctx.now);
  pending.putOrder(updated);
  return { order: updated, fills: fillRows, balances, ...(before && { held: before.qty.toFixed() }) };
}

type Drafted = ReturnType<typeof draftFills>;
type Hold = ReturnType<typeof holdAfter>;

/**
 * What an execution does to its order's hold: what it spent, what stays frozen, what goes back
 * (all of the rest when the order ends) and how the order goes on.
 */
export function holdAfter(order: OrderRow, drafted: Pick<Drafted, 'qty' | 'amount' | 'costs'>, rest: Rest) {
  const { qty, amount, costs } = drafted;
  const filledQty = new D(order.filledQty).plus(qty);
  const finish: Rest = filledQty.gte(order.quantity)
    ? { kind: 'finish', status: 'closed', reason: null }
    : rest;
  const spent = order.side === 'buy' ? amount.plus(costs) : qty;
  const frozenLeft = new D(order.frozen).minus(spent);
  if (frozenLeft.isNeg()) throw new Error(`order ${order.id} would spend more than it holds`);
  const release = finish.kind === 'finish' ? frozenLeft : new D(0);
  return { filledQty, finish, spent, frozenLeft, release };
}

/** The order row after an execution. */
export function orderAfter(order: OrderRow, drafted: Drafted, hold: Hold, now: number): OrderRow {
  const { filledQty, finish, frozenLeft, release } = hold;
  return {
    ...order,
    filledQty: filledQty.toFixed(),
    filledAmount: drafted.cumAmount.toFixed(),
    fees: new D(order.fees).plus(drafted.costs).toFixed(),
    frozen: frozenLeft.minus(release).toFixed(),
    realizedPnl: new D(order.realizedPnl).plus(drafted.realized).toFixed(),
    status: finish.kind === 'finish' ? finish.status : filledQty.gt(0) ? 'partial' : 'open',
    statusReason: finish.kind === 'finish' ? finish.reason : null,
    updatedAt: now,
  };
}

/** A fill row of an execution's draft, on the execution's ledger transaction. */
export function fillRowOf(order: OrderRow, draft: FillDraft, id: bigint, txId: bigint, now: number): FillRow {
  const { fill, fillAmount, c, pnl } = draft;
  return {
    id,
    orderId: order.id,
    userId: order.userId,
    accountType: order.accountType,
    wallet: order.wallet,
    symbol: order.symbol,
    side: order.side,
    tradeId: fill.tradeId,
    price: fill.price,
    qty: fill.qty,
    amount: fillAmount.toFixed(),
    commission: c.commission.toFixed(),
    bsmv: c.bsmv.toFixed(),
    exchangeFee: c.exchangeFee.toFixed(),
    realizedPnl: pnl?.toFixed() ?? null,
    ledgerTxId: txId,
    t: now,
  };
}

/** The holding's cost basis after an execution: buys average their cost in, costs included. */
export function positionAfter(
  order: OrderRow,
  now: number,
  before: { qty: D; avgCost: D; realized: D } | null,
  moved: { buy: boolean; qty: D; amount: D; costs: D; realized: D },
) {
  const held = before?.qty ?? new D(0);
  const avg = before?.avgCost ?? new D(0);
  // Average cost per unit, buying costs included; a sell leaves it as it was.
  const avgCost = moved.buy
    ? held.times(avg).plus(moved.amount).plus(moved.costs).dividedBy(held.plus(moved.qty)).toDecimalPlaces(18)
    : avg;
  const realizedPnl = (before?.realized ?? new D(0)).plus(moved.realized);
  return {
    userId: order.userId,
    accountType: order.accountType,
    wallet: order.wallet,
    symbol: order.symbol,
    avgCost: avgCost.toFixed(),
    realizedPnl: realizedPnl.toFixed(),
    updatedAt: now,
  };
}
