import { spotCosts } from '../../../domain/trade/spot-order-cost';
import { systemAccount, userAccount } from '../../ledger/account-ref';
import { LedgerDecimal } from '../../ledger/decimal';
import type { PostingLine } from '../../ledger/post';
import type { ExecFill } from '../../market/source';
import type { OrderRow } from './rows';
import type { SpotSettings } from './settings';

const D = LedgerDecimal;
type D = LedgerDecimal;

type Costs = { commission: D; bsmv: D; exchangeFee: D; total: D };

/** The booking's cost function of an order's filled amount (the order preview charges the same). */
function costsOf(order: OrderRow, settings: SpotSettings, amount: D): Costs {
  const c = spotCosts(order.wallet, amount.toFixed(), settings);
  return {
    commission: new D(c.commission),
    bsmv: new D(c.bsmv),
    exchangeFee: new D(c.exchangeFee),
    total: new D(c.total),
  };
}

/** One fill of an execution as it will be booked: its amount, its share of the costs, its realised P&L. */
export type FillDraft = { fill: ExecFill; fillAmount: D; c: Costs; pnl: D | null };

/**
 * An execution's fills with their costs and realised P&L, and the execution's totals. Each fill is
 * charged the difference of the order's cumulative costs, so an order's costs are exactly the cost
 * function of its filled amount, never above what its hold assumed.
 */
export function draftFills(
  order: OrderRow,
  settings: SpotSettings,
  fills: readonly ExecFill[],
  before: { avgCost: D; realized: D } | null,
  scale: number,
) {
  const buy = order.side === 'buy';
  let cumAmount = new D(order.filledAmount);
  let cumCosts = costsOf(order, settings, cumAmount);
  let qty = new D(0);
  let amount = new D(0);
  let costs = new D(0);
  // Realised P&L two ways: exact (18 places, kept on the position) and as shown, in the cash's
  // decimals. A fill shows the change of the rounded running total, not its own figure rounded:
  // six shares sold one by one would otherwise drift a kuruş from the cash they brought.
  let running = before?.realized ?? new D(0);
  let realizedExact = new D(0);
  let realized = new D(0);
  const drafts = fills.map((fill) => {
    const fillAmount = new D(fill.price).times(fill.qty);
    cumAmount = cumAmount.plus(fillAmount);
    const next = costsOf(order, settings, cumAmount);
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

  return { drafts, cumAmount, qty, amount, costs, realized, realizedExact };
}

/** The balanced ledger lines of an execution; the zero ones left out. */
export function executionLines(
  order: OrderRow,
  { cash, asset }: { cash: string; asset: string },
  { qty, amount, costs, spent, release }: { qty: D; amount: D; costs: D; spent: D; release: D },
): PostingLine[] {
  const buy = order.side === 'buy';
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
  return raw.filter(([, v]) => !v.isZero()).map(([account, v]) => ({ account, amount: v.toFixed() }));
}
