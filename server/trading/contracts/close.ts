import Decimal from 'decimal.js';
import { closeFeeRate, closeFees, d, unrealizedPnl, USDT_SCALE } from '../../../domain/contracts';
import { closeMarginShare } from '../../../domain/contracts/close-part';
import type { CloseReason, ContractPosition, PositionsEvent } from '../../../domain/protocol/contracts';
import { levelsBefore, recordContractExecution } from '../../costs/contract-fill';
import { contractCloses } from '../../db/schema/trading';
import { ApiError } from '../../http/errors';
import type { ExecFill } from '../../market/source';
import type { JobContext } from '../writer';
import type { EngineCore } from './core';
import { announceBalances, recordHappening, type Happening } from './notify';
import type { Position } from './position';
import { postClose } from './postings';
import { savePosition } from './store';
import { toWire } from './wire';

/** Quantity and average price of fills (the levels the source showed). */
export function fillsSummary(fills: ExecFill[]): { qty: Decimal; notional: Decimal; price: Decimal } {
  let qty = d(0);
  let notional = d(0);
  for (const f of fills) {
    qty = qty.plus(f.qty);
    notional = notional.plus(d(f.price).mul(f.qty));
  }
  return { qty, notional, price: qty.isZero() ? d(0) : notional.div(qty) };
}

const LEDGER_REASON: Record<CloseReason, string> = {
  user: 'contract_close',
  all: 'contract_close',
  take_profit: 'contract_take_profit',
  stop_loss: 'contract_stop_loss',
  liquidation: 'contract_liquidation',
};

/** What the user is told of a close, and what the positions stream says. */
function closeNews(reason: CloseReason, wire: ContractPosition, price: string, qty: string, all: boolean) {
  const happening: Happening =
    reason === 'liquidation'
      ? { kind: 'liquidation', position: wire, price }
      : reason === 'take_profit' || reason === 'stop_loss'
        ? { kind: reason, position: wire, price }
        : { kind: 'close', position: wire, qty, price, final: all };
  const event: PositionsEvent =
    reason === 'liquidation'
      ? { kind: 'liquidation', position: wire }
      : reason === 'take_profit' || reason === 'stop_loss'
        ? { kind: 'trigger', trigger: reason, position: wire }
        : { kind: 'position', position: wire };
  return { happening, event };
}

/**
 * Closes `qty` of a locked open position at market, inside a writer job: fills against the
 * source's book, settles margin, PnL and fees (negative-balance protection in settle), updates
 * the row and tells the user after commit. Fills nothing → NO_LIQUIDITY; fewer fills than asked
 * close what filled (the rest stays open). Answers the position as it now stands.
 */
export async function closeAtMarket(
  core: EngineCore,
  job: JobContext,
  p: Position,
  qty: Decimal,
  reason: CloseReason,
): Promise<Position> {
  const settings = core.rules.current();
  const side = p.side === 'long' ? 'sell' : 'buy';
  // The book as this market order meets it: what a real venue's order would have walked.
  const levels = levelsBefore(core.market, p.symbol, side);
  const fills = core.market.execute({ symbol: p.symbol, side, qty: qty.toFixed(), limit: null });
  const filled = fillsSummary(fills);
  if (filled.qty.isZero()) throw new ApiError('NO_LIQUIDITY');
  const all = filled.qty.gte(p.qty);
  const marginShare = all ? p.margin : closeMarginShare(p.margin, filled.qty, p.qty);
  // Fill by fill with the shared formulas (domain/contracts), not at their rounded average price.
  // A liquidation charges the rate its condition reserved (taker + liquidation fee).
  let pnlSum = new Decimal(0);
  for (const fill of fills) pnlSum = pnlSum.plus(unrealizedPnl(p.side, fill.qty, p.entryPrice, fill.price));
  const pnl = pnlSum.toDecimalPlaces(USDT_SCALE, Decimal.ROUND_HALF_UP);
  const fees = closeFees(fills, closeFeeRate(settings, reason));
  const exitPrice = filled.price.toDecimalPlaces(18, Decimal.ROUND_HALF_UP);
  const { credit, feesCharged, txId } = await postClose(
    job.tx,
    p,
    { margin: marginShare, pnl, fees },
    LEDGER_REASON[reason],
    `${reason} ${p.side} ${filled.qty.toFixed()} ${p.symbol} @ ${exitPrice.toFixed()}`,
  );
  const now = core.clock.now();
  const before = p.realizedPnl ?? d(p.openFee).plus(p.funding).neg();
  const next: Position = {
    ...p,
    qty: all ? p.qty : d(p.qty).minus(filled.qty),
    margin: all ? p.margin : d(p.margin).minus(marginShare),
    closePrice: exitPrice,
    closeFee: d(p.closeFee ?? 0).plus(feesCharged),
    realizedPnl: d(before).plus(credit).minus(marginShare),
    ...(all
      ? { status: reason === 'liquidation' ? 'liquidated' : 'closed', closeReason: reason, closedAt: now }
      : {}),
  };
  await savePosition(job.tx, next);
  // A liquidation's own fee is the venue's too: only the trading fee is compared.
  const paperFee = reason === 'liquidation' ? closeFees(fills, d(settings.feeRate)) : feesCharged;
  await recordContractExecution(job.tx, p, {
    kind: 'contract-close',
    txId,
    side,
    levels,
    fills,
    paperFee,
    t: now,
  });
  // What the position held at a past moment is what is open now plus what closed since.
  await job.tx.insert(contractCloses).values({
    positionId: p.id,
    qty: (all ? d(p.qty) : filled.qty).toFixed(),
    price: exitPrice.toFixed(),
    at: now,
  });
  const wire = toWire(next, core.market, settings, all ? exitPrice.toFixed() : undefined);
  const { happening, event } = closeNews(reason, wire, exitPrice.toFixed(), filled.qty.toFixed(), all);
  const announce = await recordHappening(job, p, happening, event);
  job.afterCommit(() => {
    core.book.put(next);
    announce();
  });
  await announceBalances(job, p);
  return next;
}
