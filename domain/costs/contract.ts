import Decimal from 'decimal.js';
import { fundingPayment } from '../contracts/funding';
import type { PositionSide } from '../protocol/contracts';
import type { Level } from './book-walk';
import { realisticFills, type CostLines } from './realistic';
import { BINANCE_USDM_VIP0, USDM_FUNDING, type VenueSchedule } from './schedules';

/** A contract execution's paper fills: the levels the paper book gave, at their own prices. */
export type ContractPaperFill = { readonly price: string; readonly qty: string };

/** What the same contract execution would have cost on a real perpetuals venue, in USDT. */
export type ContractCounterpart = {
  qty: string;
  avgPrice: string | null;
  /** The venue's fee on the walked amount. */
  fee: string;
  lines: CostLines;
  /** Σ lines: paper P&L − realistic P&L for this execution. */
  delta: string;
};

/**
 * The realistic counterpart of one contract execution (an opening, a close, a partial close or a
 * liquidation): a market order, so a taker that walks `levels` (the book's other side at the
 * moment of the order, best first) for the paper fills' quantity, charged `schedule`'s taker fee
 * instead of the `paperFee` the position paid for it. The walk and the fee are the spot side's
 * (realistic.ts) with no tax: a perpetual's P&L is not withheld on.
 */
export function contractCounterpart(
  side: 'buy' | 'sell',
  levels: readonly Level[],
  fills: readonly ContractPaperFill[],
  paperFee: Decimal.Value,
  schedule: VenueSchedule = BINANCE_USDM_VIP0,
): ContractCounterpart {
  const qty = fills.reduce((s, f) => s.plus(f.qty), new Decimal(0));
  const atPaper = fills.reduce((s, f) => s.plus(new Decimal(f.price).times(f.qty)), new Decimal(0));
  // One paper fill for the whole execution at its exact average: the paper fee is charged once.
  const price = qty.gt(0) ? atPaper.dividedBy(qty) : new Decimal(0);
  const [real] = realisticFills(
    { side, limit: null, buyFeesInCost: false },
    { kind: 'taker', levels },
    [
      {
        id: '0',
        price: price.toFixed(),
        qty: qty.toFixed(),
        fees: new Decimal(paperFee).toFixed(),
        gain: null,
      },
    ],
    { ...schedule, gainsWithholdingRate: '0' },
  );
  const slippage = new Decimal(real!.amount)
    .minus(atPaper)
    .times(side === 'buy' ? 1 : -1)
    .toDecimalPlaces(schedule.cashScale, Decimal.ROUND_HALF_UP);
  const lines = { ...real!.lines, slippage: slippage.toFixed(), taxes: '0' };
  const delta = slippage.plus(lines.fees).plus(lines.queue);
  return { qty: real!.qty, avgPrice: real!.avgPrice, fee: real!.fees.total, lines, delta: delta.toFixed() };
}

/** A funding boundary's realistic counterpart: what the venue charges and the difference from paper. */
export type FundingCounterpart = { paid: string; line: string };

/**
 * What a real USDⓈ-M venue charges a position at one funding boundary: notional at the mark ×
 * the interval's rate (a percent; the source's own, or the venue's default interest part when it
 * publishes none), as the paper position pays it (domain/contracts/funding.ts). `line` is
 * realistic − paper paid: positive where the real venue charged more.
 */
export function fundingCounterpart(
  side: PositionSide,
  qty: Decimal.Value,
  mark: Decimal.Value,
  ratePercent: string | null,
  paperPaid: Decimal.Value,
): FundingCounterpart {
  const paid = fundingPayment(side, qty, mark, ratePercent ?? USDM_FUNDING.defaultRatePercent);
  return { paid: paid.toFixed(), line: paid.minus(paperPaid).toFixed() };
}
