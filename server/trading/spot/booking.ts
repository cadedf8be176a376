import { cashScale } from '../../../domain/format/money';
import { coinFee, stockCosts } from '../../../domain/rules/costs';
import { systemAccount, userAccount, type AccountRef } from '../../ledger/account-ref';
import { LedgerDecimal } from '../../ledger/decimal';
import type { PostingLine } from '../../ledger/post';
import type { ExecFill, Instrument } from '../../market/source';
import type { Batch } from '../batch';
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

export type BookingContext = { settings: SpotSettings; now: number; unlockAt: () => number };

export type Booked = {
  order: OrderRow;
  fills: FillRow[];
  /** Balances after the posting, by account code (empty when nothing moved). */
  balances: { code: string; balance: string }[];
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

type Costs = { commission: D; bsmv: D; exchangeFee: D; total: D };

function costsOf(order: OrderRow, settings: SpotSettings, amount: D): Costs {
  if (order.wallet === 'coin') {
    const fee = new D(coinFee(amount.toFixed(), settings.coinSpot));
    return { commission: fee, bsmv: new D(0), exchangeFee: new D(0), total: fee };
  }
  const c = stockCosts(amount.toFixed(), settings.stockCosts);
  return {
    commission: new D(c.commission),
    bsmv: new D(c.bsmv),
    exchangeFee: new D(c.exchangeFee),
    total: new D(c.total),
  };
}

/** The user's holding of an asset (free + frozen) and its cost basis, before this execution. */
async function holdingBefore(batch: Batch, order: OrderRow, asset: string) {
  const refs = (['available', 'frozen'] as const).map((bucket) =>
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

  let cumAmount = new D(order.filledAmount);
  let cumCosts = costsOf(order, ctx.settings, cumAmount);
  let qty = new D(0);
  let amount = new D(0);
  let costs = new D(0);
  // Realised P&L two ways: exact (18 places, kept on the position) and as shown, in the cash's
  // decimals. A fill shows the change of the rounded running total, not its own figure rounded:
  // six shares sold one by one would otherwise drift a kuruş from the cash they brought.
  const scale = cashScale(cash);
  let running = before?.realized ?? new D(0);
  let realizedExact = new D(0);
  let realized = new D(0);
  const drafts = fills.map((fill) => {
    const fillAmount = new D(fill.price).times(fill.qty);
    cumAmount = cumAmount.plus(fillAmount);
    const next = costsOf(order, ctx.settings, cumAmount);
    const c = {
      commission: next.commission.minus(cumCosts.commission),
      bsmv: next.bsmv.minus(cumCosts.bsmv),
      exchangeFee: next.exchangeFee.minus(cumCosts.exchangeFee),
      total: next.total.minus(cumCosts.total),
    };
    cumCosts = next;
    qty = qty.plus(fill.qty);
    amount = amount.plus(fillAmount);
    costs = costs.plus(c.total);
    // A sell realises (price − average cost) × qty less its own costs; a buy realises nothing.
    let pnl: LedgerDecimal | null = null;
    if (!buy) {
      const exact = new D(fill.price)
        .minus(before?.avgCost ?? 0)
        .times(fill.qty)
        .minus(c.total)
        .toDecimalPlaces(18);
      const shownBefore = running.toDecimalPlaces(scale, D.ROUND_HALF_UP);
      running = running.plus(exact);
      pnl = running.toDecimalPlaces(scale, D.ROUND_HALF_UP).minus(shownBefore);
      realizedExact = realizedExact.plus(exact);
      realized = realized.plus(pnl);
    }
    return { fill, fillAmount, c, pnl };
  });

  const filledQty = new D(order.filledQty).plus(qty);
  const complete = filledQty.gte(order.quantity);
  const finish: Rest = complete ? { kind: 'finish', status: 'closed', reason: null } : exec.rest;
  const spent = buy ? amount.plus(costs) : qty;
  const frozenLeft = new D(order.frozen).minus(spent);
  if (frozenLeft.isNeg()) throw new Error(`order ${order.id} would spend more than it holds`);
  const release = finish.kind === 'finish' ? frozenLeft : new D(0);

  const user = (currency: string, bucket: 'available' | 'frozen') =>
    userAccount(order.userId, order.accountType, order.wallet, currency, bucket);
  const raw: [PostingLine['account'], D][] = buy
    ? [
        [user(cash, 'frozen'), spent.plus(release).neg()],
        [systemAccount('market', cash), amount],
        [systemAccount('fees', cash), costs],
        [user(asset, 'available'), qty],
        [systemAccount('market', asset), qty.neg()],
        [user(cash, 'available'), release],
      ]
    : [
        [user(asset, 'frozen'), qty.plus(release).neg()],
        [systemAccount('market', asset), qty],
        [systemAccount('market', cash), amount.neg()],
        [user(cash, 'available'), amount.minus(costs)],
        [systemAccount('fees', cash), costs],
        [user(asset, 'available'), release],
      ];
  const lines = raw.filter(([, v]) => !v.isZero()).map(([account, v]) => ({ account, amount: v.toFixed() }));
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
    for (const { fill, fillAmount, c, pnl } of drafts)
      fillRows.push({
        id: await batch.ids.next('spot_fills'),
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
        t: ctx.now,
      });
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

  const updated: OrderRow = {
    ...order,
    filledQty: filledQty.toFixed(),
    filledAmount: cumAmount.toFixed(),
    fees: new D(order.fees).plus(costs).toFixed(),
    frozen: frozenLeft.minus(release).toFixed(),
    realizedPnl: new D(order.realizedPnl).plus(realized).toFixed(),
    status: finish.kind === 'finish' ? finish.status : filledQty.gt(0) ? 'partial' : 'open',
    statusReason: finish.kind === 'finish' ? finish.reason : null,
    updatedAt: ctx.now,
  };
  pending.putOrder(updated);
  return { order: updated, fills: fillRows, balances };
}

function positionAfter(
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
