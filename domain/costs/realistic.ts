import Decimal from 'decimal.js';
import { costsWithCommission } from '../rules/costs';
import { walkSlice, type Level } from './book-walk';
import type { VenueSchedule } from './schedules';

/** Every digit kept until the one rounding to the venue's cash unit. */
const D = Decimal.clone({ precision: 60, rounding: Decimal.ROUND_HALF_UP });
type D = Decimal;

/** A paper fill as the broker booked it. */
export type PaperFill = {
  readonly id: string;
  readonly price: string;
  readonly qty: string;
  /** What the paper account was charged for it (commission + BSMV + exchange fee, or the coin fee). */
  readonly fees: string;
  /** Sells: (price − the holding's average cost) × qty, before costs; null for buys. */
  readonly gain: string | null;
};

/**
 * How a real venue would have met the order at this execution. `taker`: it traded on arrival,
 * walking `levels` (the other side as the book was at that moment, best first). `maker`: it rested
 * at its limit and trades at that price, `reached` being how much of the order the tape had reached
 * by now (domain/costs/queue.ts; null: all of it, or not known), `before` what the order filled in
 * earlier executions.
 */
export type Meeting =
  { kind: 'taker'; levels: readonly Level[] } | { kind: 'maker'; reached: string | null; before: string };

export type RealisticOrder = {
  side: 'buy' | 'sell';
  limit: string | null;
  /**
   * A sell: the units a real account holds to sell at this execution (paper's holding less the
   * units the queue kept its buys from, domain/costs/held-back.ts); null or absent: paper's.
   */
  sellable?: string | null;
  /** False where paper charges a buy's fees to P&L at once (a contract) rather than to the holding's cost. */
  buyFeesInCost?: boolean;
};

/** Why realistic differs from paper, in the cash; positive means the real venue costs more. */
export type CostLines = { slippage: string; fees: string; taxes: string; queue: string };

export type VenueFees = { commission: string; bsmv: string; exchangeFee: string; total: string };

export type RealisticFill = {
  fillId: string;
  /** Units a real order would have had by now (a resting one waits behind the queue). */
  qty: string;
  /** Their average price; null when none. */
  avgPrice: string | null;
  amount: string;
  fees: VenueFees;
  /** Withholding on the sell's gain. */
  tax: string;
  lines: CostLines;
  /** Σ lines: paper P&L − realistic P&L for this fill. */
  delta: string;
};

/** The venue's fees on a cumulative amount, each rounded to its cash unit on its own. */
export function venueFees(amount: Decimal.Value, rate: string, s: VenueSchedule): VenueFees {
  const value = new D(amount);
  if (value.lte(0)) return { commission: '0', bsmv: '0', exchangeFee: '0', total: '0' };
  return costsWithCommission(value, value.times(rate).toDecimalPlaces(s.cashScale), s, s.cashScale);
}

const minus = (a: VenueFees, b: VenueFees): VenueFees => ({
  commission: new D(a.commission).minus(b.commission).toFixed(),
  bsmv: new D(a.bsmv).minus(b.bsmv).toFixed(),
  exchangeFee: new D(a.exchangeFee).minus(b.exchangeFee).toFixed(),
  total: new D(a.total).minus(b.total).toFixed(),
});

/**
 * What paper charged for the units a real order had: a sell's whole fee (the units it did not
 * sell the real account kept, so paper's fee on them is a saving); a buy's fee on the real units
 * only. Paper keeps a buy's fees in the holding's cost, so the fee on the units the queue kept
 * from a real buy leaves paper's P&L with their gain when they are sold, where the queue line
 * takes that gain out: saved at the buy too, it would count twice.
 */
function paperFeesOf(order: RealisticOrder, fill: PaperFill, realQty: D, round: (x: D) => D): D {
  const paperQty = new D(fill.qty);
  if (order.side === 'sell' || order.buyFeesInCost === false || realQty.gte(paperQty))
    return new D(fill.fees);
  return paperQty.gt(0) ? round(new D(fill.fees).times(realQty).dividedBy(paperQty)) : new D(0);
}

/** The units and amount a real venue gives each paper fill's stretch of the execution. */
function realTakes(order: RealisticOrder, meeting: Meeting, fills: readonly PaperFill[]) {
  const start = new D(meeting.kind === 'maker' ? meeting.before : 0);
  // A real account sells only units it bought: the ones the queue kept from it are the last a
  // sell reaches (a real holder of 8 selling 2 sells 2), and past them the sell has nothing.
  const sellable = order.side === 'sell' ? (order.sellable ?? null) : null;
  const cap = sellable === null ? null : start.plus(D.max(0, sellable));
  const held = (x: D) => (cap === null ? x : D.min(x, cap));
  let at = start;
  return fills.map((fill) => {
    const from = at;
    at = at.plus(fill.qty);
    if (meeting.kind === 'taker')
      return walkSlice(meeting.levels, order.side, order.limit, held(from), held(at));
    const reached = held(meeting.reached === null ? at : D.min(at, meeting.reached));
    const qty = D.max(0, reached.minus(from));
    return { qty, amount: qty.times(order.limit ?? fill.price) };
  });
}

/**
 * The realistic counterpart of one execution's paper fills (one order, one moment): the same units
 * on a real venue, priced by `meeting`, charged `schedule`'s fees (each fill the difference of the
 * execution's cumulative fees, as the paper booking does) and its withholding on a sell's gain.
 */
export function realisticFills(
  order: RealisticOrder,
  meeting: Meeting,
  fills: readonly PaperFill[],
  schedule: VenueSchedule,
): RealisticFill[] {
  const rate = meeting.kind === 'maker' ? schedule.makerRate : schedule.takerRate;
  const scale = schedule.cashScale;
  const round = (x: D) => x.toDecimalPlaces(scale, Decimal.ROUND_HALF_UP);
  const takes = realTakes(order, meeting, fills);
  let cumAmount = new D(0);
  let cumFees = venueFees(0, rate, schedule);
  return fills.map((fill, i) => {
    const { qty, amount } = takes[i]!;
    cumAmount = cumAmount.plus(amount);
    const nextFees = venueFees(cumAmount, rate, schedule);
    const fees = minus(nextFees, cumFees);
    cumFees = nextFees;
    const atPaper = qty.times(fill.price);
    const slippage = round(order.side === 'buy' ? amount.minus(atPaper) : atPaper.minus(amount));
    let tax = new D(0);
    let queue = new D(0);
    if (fill.gain !== null && new D(fill.qty).gt(0)) {
      const perUnit = new D(fill.gain).dividedBy(fill.qty);
      const realGain = perUnit.times(qty).minus(slippage);
      tax = round(D.max(0, realGain).times(schedule.gainsWithholdingRate));
      queue = round(perUnit.times(new D(fill.qty).minus(qty)));
    }
    const feeLine = new D(fees.total).minus(paperFeesOf(order, fill, qty, round));
    const lines = {
      slippage: slippage.toFixed(),
      fees: feeLine.toFixed(),
      taxes: tax.toFixed(),
      queue: queue.toFixed(),
    };
    return {
      fillId: fill.id,
      qty: qty.toFixed(),
      avgPrice: qty.gt(0)
        ? amount
            .dividedBy(qty)
            .toDecimalPlaces(scale + 4)
            .toFixed()
        : null,
      amount: amount.toFixed(),
      fees,
      tax: tax.toFixed(),
      lines,
      delta: slippage.plus(feeLine).plus(tax).plus(queue).toFixed(),
    };
  });
}
