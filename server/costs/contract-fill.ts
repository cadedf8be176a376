import type Decimal from 'decimal.js';
import type { Level } from '../../domain/costs/book-walk';
import { contractCounterpart, fundingCounterpart } from '../../domain/costs/contract';
import { BINANCE_USDM_VIP0 } from '../../domain/costs/schedules';
import type { Db } from '../db/client';
import type { ExecFill, MarketSource } from '../market/source';
import type { Position } from '../trading/contracts/position';
import { saveRealistic, type RealisticRow } from './store';

/** How deep the book is read for a contract order's walk (as deep as the opening's preview reads). */
const DEPTH = 1000;

/**
 * The other side of `symbol`'s book as it is now, best first: what a market order taking it
 * would walk on a real venue. Read just before the paper order takes it (the same moment).
 */
export function levelsBefore(market: MarketSource, symbol: string, side: 'buy' | 'sell'): Level[] {
  const book = market.book(symbol, DEPTH);
  if (!book) return [];
  return (side === 'buy' ? book.asks : book.bids).map(([price, qty]) => [price, qty] as const);
}

const owner = (p: Position) => ({ userId: p.userId, accountType: p.accountType, symbol: p.symbol });
const NO_TAX = { tax: '0', taxes: '0', queueKnown: true } as const;

/**
 * Writes the realistic counterpart of one contract execution (an opening, a close, a partial
 * close or a liquidation: all market orders), in the job that booked it: the book walked from
 * `levels`, the USDⓈ-M VIP 0 taker fee instead of `paperFee`. Keyed by the execution's ledger
 * transaction, so the job run twice writes it once.
 */
export async function recordContractExecution(
  tx: Db,
  p: Position,
  e: {
    kind: 'contract-open' | 'contract-close';
    txId: bigint;
    side: 'buy' | 'sell';
    levels: readonly Level[];
    fills: readonly ExecFill[];
    paperFee: Decimal;
    t: number;
  },
): Promise<void> {
  const c = contractCounterpart(e.side, e.levels, e.fills, e.paperFee, BINANCE_USDM_VIP0);
  const row: RealisticRow = {
    kind: e.kind,
    fillId: e.txId,
    ...owner(p),
    wallet: 'contract',
    side: e.side,
    role: 'taker',
    venue: BINANCE_USDM_VIP0.venue,
    qty: c.qty,
    avgPrice: c.avgPrice,
    fees: c.fee,
    slippage: c.lines.slippage,
    feesDelta: c.lines.fees,
    queue: c.lines.queue,
    delta: c.delta,
    t: e.t,
    ...NO_TAX,
  };
  await saveRealistic(tx, [row]);
}

/**
 * Writes what a real venue charged the position at a funding boundary, beside what the paper
 * position paid (`paid`): the funding counts in the fees line (a cost of holding the position).
 */
export async function recordContractFunding(
  tx: Db,
  p: Position,
  f: { txId: bigint; mark: Decimal; ratePercent: string; paid: Decimal; t: number },
): Promise<void> {
  const c = fundingCounterpart(p.side, p.qty, f.mark, f.ratePercent, f.paid);
  const row: RealisticRow = {
    kind: 'contract-funding',
    fillId: f.txId,
    ...owner(p),
    wallet: 'contract',
    side: p.side === 'long' ? 'buy' : 'sell',
    role: 'taker',
    venue: BINANCE_USDM_VIP0.venue,
    qty: p.qty.toFixed(),
    avgPrice: f.mark.toFixed(),
    fees: c.paid,
    slippage: '0',
    feesDelta: c.line,
    queue: '0',
    delta: c.line,
    t: f.t,
    ...NO_TAX,
  };
  await saveRealistic(tx, [row]);
}
