import Decimal from 'decimal.js';
import { d, openCost, qtyForOffer, shouldLiquidate, USDT_SCALE } from '../../../domain/contracts';
import type { ContractPosition, PositionSide } from '../../../domain/protocol/contracts';
import { confirmOrder } from '../../accounts/pins';
import { levelsBefore, recordContractExecution } from '../../costs/contract-fill';
import type { Db } from '../../db/client';
import { ApiError } from '../../http/errors';
import type { LedgerDecimal } from '../../ledger/decimal';
import { coinListingAt } from '../../primary/ico/listing';
import { onOneState, type ExecFill, type Instrument } from '../../market/source';
import { walkSnapshot } from '../../market/walk-book';
import type { JobContext } from '../writer';
import { fillsSummary } from './close';
import type { EngineCore } from './core';
import { announceBalances, recordHappening } from './notify';
import { postOpen, POSTS_TO_SYSTEM } from './postings';
import { acceptRisk, hasAcceptedRisk } from './rules';
import { RISK_CHECK_FREE_LEVERAGE } from '../../../domain/risk-check/question';
import { hasPassed } from '../../risk-check/store';
import type { Position } from './position';
import { findByClientId, insertPosition, walletBalance, type Owner } from './store';
import * as v from './validate';
import { toWire } from './wire';

export type OpenInput = {
  symbol: string;
  side: PositionSide;
  leverage: number;
  margin?: string | undefined;
  quantity?: string | undefined;
  takeProfit?: string | undefined;
  stopLoss?: string | undefined;
  clientOrderId?: string | undefined;
  acceptRisk?: '0' | '1' | undefined;
  tradePassword?: string | undefined;
};

/** The fills the book would give now, without touching it (the source's book, walked best first). */
function preview(core: EngineCore, symbol: string, side: 'buy' | 'sell', qty: Decimal): ExecFill[] {
  const book = core.market.book(symbol, 1000);
  return walkSnapshot(book, { symbol, side, qty: qty.toFixed(), limit: null }, 0, () => 'preview');
}

/** For a margin: the quantity whose filled cost locks no more than it (the book may walk deeper). */
function qtyForMarginAtBook(
  core: EngineCore,
  i: Instrument,
  side: 'buy' | 'sell',
  margin: Decimal,
  leverage: number,
) {
  const qty = qtyForOffer(margin, leverage, i.qtyScale, (q) =>
    fillsSummary(preview(core, i.symbol, side, q)),
  );
  if (qty === null) throw new ApiError('NO_LIQUIDITY');
  return qty;
}

/**
 * The position opened before under this client order id, answered again (a retry after a lost
 * answer), or null for a new id. A different opening under the same id is refused (its margin or
 * quantity may have become the position's, so those are not compared).
 */
async function replayOf(core: EngineCore, tx: Db, owner: Owner, input: OpenInput, symbol: string) {
  if (!input.clientOrderId) return null;
  const earlier = await findByClientId(tx, owner, input.clientOrderId);
  if (!earlier) return null;
  if (earlier.symbol !== symbol || earlier.side !== input.side || earlier.leverage !== input.leverage)
    throw new ApiError('CLIENT_ORDER_ID_REUSED');
  return toWire(earlier, core.market, await core.rules.get());
}

/** The request's checks against the instrument, the settings and the live mark. */
export async function checkOpening(core: EngineCore, owner: Owner, input: OpenInput) {
  const listingAt = await coinListingAt(core.db, input.symbol);
  const instrument = v.openableInstrument(core.market, input.symbol, listingAt, core.clock.now());
  if ((input.margin === undefined) === (input.quantity === undefined))
    throw new ApiError('MARGIN_OR_QUANTITY');
  const offered = input.margin !== undefined ? v.positiveAmount(input.margin, 'margin', USDT_SCALE) : null;
  const asked = input.quantity !== undefined ? v.contractQty(input.quantity, instrument) : null;
  const settings = await core.rules.get();
  v.checkLeverage(settings, input.leverage);
  const tp = input.takeProfit ? v.triggerPrice(input.takeProfit, instrument, 'takeProfit') : null;
  const sl = input.stopLoss ? v.triggerPrice(input.stopLoss, instrument, 'stopLoss') : null;
  const mark = v.currentMark(core.market, instrument.symbol);
  v.checkTriggers(input.side, mark, tp, sl, null, instrument.priceScale);
  const accepting = input.acceptRisk === '1';
  if (!accepting && !(await hasAcceptedRisk(core.db, owner.userId, settings.riskVersion)))
    throw new ApiError('RISK_NOT_ACCEPTED');
  return { instrument, offered, asked, settings, tp, sl, mark, accepting };
}

export type Opening = Awaited<ReturnType<typeof checkOpening>>;

/**
 * Plans the opening on the book as it is (the quantity the margin buys, or the one asked), checks
 * what it would cost against the minimum, the liquidation price, the triggers and the wallet:
 * the levels it would take and what they come to. The opening and its preview both run this, on
 * one state of the market.
 */
export function planOpening(
  core: EngineCore,
  input: OpenInput,
  checked: Opening,
  side: 'buy' | 'sell',
  available: LedgerDecimal,
) {
  const { instrument, offered, asked, settings, tp, sl, mark } = checked;
  // A margin offered is money the wallet must have: on a thin book it would buy less than it
  // says, and an offer past the balance must not open whatever the book happens to hold.
  if (offered && available.lt(offered.toFixed())) throw new ApiError('INSUFFICIENT_BALANCE');
  const qty = asked ?? qtyForMarginAtBook(core, instrument, side, offered ?? d(0), input.leverage);
  if (qty.lte(0)) throw new ApiError('POSITION_TOO_SMALL', { min: `${settings.minNotional} USDT` });
  const planned = preview(core, instrument.symbol, side, qty);
  const plan = fillsSummary(planned);
  if (plan.qty.isZero()) throw new ApiError('NO_LIQUIDITY');
  if (plan.qty.lt(qty)) throw new ApiError('NO_LIQUIDITY');
  const cost = openCost({
    quantity: plan.qty,
    price: plan.price,
    leverage: input.leverage,
    feeRate: settings.feeRate,
    qtyScale: instrument.qtyScale,
  });
  if (!cost || cost.notional.lt(settings.minNotional))
    throw new ApiError('POSITION_TOO_SMALL', { min: `${settings.minNotional} USDT` });
  const core_ = { side: input.side, qty: plan.qty, entryPrice: plan.price, margin: cost.margin };
  if (shouldLiquidate(core_, mark, settings)) {
    const max = v.maxNotional(settings, input.leverage);
    throw new ApiError('POSITION_TOO_LARGE', {
      max: max ? max.toFixed(2, Decimal.ROUND_DOWN) : cost.notional.toFixed(2),
    });
  }
  v.checkTriggers(input.side, mark, tp, sl, v.liqOf(core_, settings), instrument.priceScale);
  if (available.lt(cost.total.toFixed())) throw new ApiError('INSUFFICIENT_BALANCE');
  return { planned, plan, cost };
}

/** Takes the book as planned, never past the planned worst level. Runs on one state of the market. */
function fillOpening(
  core: EngineCore,
  input: OpenInput,
  checked: Opening,
  side: 'buy' | 'sell',
  available: LedgerDecimal,
): ExecFill[] {
  const { planned, plan } = planOpening(core, input, checked, side, available);
  // Never past the planned worst level: the cost can only come out at or below the plan.
  const worst = planned.at(-1)?.price ?? null;
  return core.market.execute({
    symbol: checked.instrument.symbol,
    side,
    qty: plan.qty.toFixed(),
    limit: worst,
  });
}

/** The new position's row: what was filled, at the margin and fee the fills came to. */
export function openedRow(
  owner: Owner,
  input: OpenInput,
  symbol: string,
  got: { qty: Decimal; price: Decimal },
  final: { margin: Decimal; fee: Decimal },
  checked: Opening,
  now: number,
): Omit<Position, 'id'> {
  return {
    userId: owner.userId,
    accountType: owner.accountType,
    clientOrderId: input.clientOrderId ?? null,
    symbol,
    side: input.side,
    leverage: input.leverage,
    qty: got.qty,
    entryPrice: got.price.toDecimalPlaces(18, Decimal.ROUND_HALF_UP),
    margin: final.margin,
    openFee: final.fee,
    takeProfit: checked.tp,
    stopLoss: checked.sl,
    funding: d(0),
    status: 'open',
    closeReason: null,
    closePrice: null,
    closeFee: null,
    realizedPnl: null,
    lastFundingAt: null,
    openedAt: now,
    closedAt: null,
  };
}

/**
 * Opens a position at market. Every check runs before the order
 * reaches the book (a fill cannot be taken back); the fills are levels the source showed, and
 * the position, its postings, the risk acceptance and the message commit together.
 */
export async function openPosition(
  core: EngineCore,
  owner: Owner,
  input: OpenInput,
): Promise<ContractPosition> {
  let checked: Opening;
  try {
    checked = await checkOpening(core, owner, input);
  } catch (refusal) {
    // A retry of a position opened before the market moved (its mark past a TP or SL now, the
    // feed stale, the symbol suspended) gets its position: refused, it read as "nothing opened",
    // and the same terms confirmed again under a new id opened a second one. Only refusals pay
    // for the lookup.
    const replay =
      refusal instanceof ApiError
        ? await replayOf(core, core.db, owner, input, input.symbol.toUpperCase())
        : null;
    if (replay) return replay;
    throw refusal;
  }
  const { instrument, settings, accepting } = checked;
  // Above 5× only once the risk check on what such a position does has been passed.
  if (input.leverage > RISK_CHECK_FREE_LEVERAGE && !(await hasPassed(core.db, owner.userId, 'leverage')))
    throw new ApiError('RISK_CHECK_REQUIRED', { kind: 'leverage' }).withParams();
  await confirmOrder(core.db, owner.userId, input.tradePassword);
  const side = input.side === 'long' ? 'buy' : 'sell';

  return core.writer.run(async (job: JobContext) => {
    const replay = await replayOf(core, job.tx, owner, input, instrument.symbol);
    if (replay) return replay;
    // Read before the book: from the first look at the book to the fill nothing awaits, and it
    // all runs on one state of the market (MarketSource.pin): a simulator that stepped a tick in
    // between moved the priced levels away (NO_LIQUIDITY on a full book).
    const available = await walletBalance(job.tx, owner, 'contract');
    let levels: ReturnType<typeof levelsBefore> = [];
    const fills = onOneState(core.market, () => {
      // The book as this market order meets it: what a real venue's order would have walked.
      levels = levelsBefore(core.market, instrument.symbol, side);
      return fillOpening(core, input, checked, side, available);
    });
    const got = fillsSummary(fills);
    if (got.qty.isZero()) throw new ApiError('NO_LIQUIDITY');
    const final = openCost({
      quantity: got.qty,
      price: got.price,
      leverage: input.leverage,
      feeRate: settings.feeRate,
      qtyScale: instrument.qtyScale,
    });
    if (!final) throw new ApiError('NO_LIQUIDITY');
    const now = core.clock.now();
    const position = await insertPosition(
      job.tx,
      openedRow(owner, input, instrument.symbol, got, final, checked, now),
    );
    const txId = await postOpen(
      job.tx,
      position,
      `open ${input.side} ${got.qty.toFixed()} ${instrument.symbol} @ ${position.entryPrice.toFixed()} x${input.leverage}`,
    );
    const opened = { kind: 'contract-open', txId, side, levels, fills, paperFee: final.fee, t: now } as const;
    await recordContractExecution(job.tx, position, opened);
    if (accepting) await acceptRisk(job.tx, owner.userId, settings.riskVersion);
    const wire = toWire(position, core.market, settings);
    const announce = await recordHappening(
      job,
      owner,
      { kind: 'open', position: wire },
      { kind: 'position', position: wire },
    );
    job.afterCommit(() => {
      core.book.put(position);
      announce();
    });
    await announceBalances(job, owner);
    return wire;
  }, POSTS_TO_SYSTEM);
}
