import type Decimal from 'decimal.js';
import { d, fundingPayment, shouldLiquidate } from '../../../domain/contracts';
import { recordContractFunding } from '../../costs/contract-fill';
import { ApiError } from '../../http/errors';
import type { SourceMark } from '../../market/source';
import type { JobContext } from '../writer';
import { closeAtMarket } from './close';
import type { EngineCore } from './core';
import { announceBalances, recordHappening } from './notify';
import type { Position } from './position';
import { postFunding, POSTS_TO_SYSTEM } from './postings';
import { FUNDING_INTERVAL_MS } from './rules';
import { lockPosition, savePosition } from './store';
import { toWire } from './wire';

/**
 * Funding (DECISIONS §3): every 8 h, at the boundaries the source announces (`nextFunding`), each
 * position open across the boundary pays or receives notional(mark) × rate. The source's
 * `funding` is a PERCENT per interval, as exchanges display it: '0.0100' is 0.01 % (Binance's
 * usual 0.0001 fraction), not 1 %. Positive: longs pay, shorts receive; negative: the reverse.
 * The counterparty is system `market`; the money moves in and out of the position's margin.
 */
export function fundingBoundary(now: number): number {
  return Math.floor(now / FUNDING_INTERVAL_MS) * FUNDING_INTERVAL_MS;
}

/**
 * Every boundary the position was open across and has not paid for yet, oldest first. Usually
 * none or one; more when the broker was down (or the feed carried no rate) across several
 * boundaries. `lastFundingAt` moves with each charge in the same job, so each is charged once.
 */
export function fundingDue(p: Pick<Position, 'openedAt' | 'lastFundingAt'>, now: number): number[] {
  const due: number[] = [];
  const since = p.lastFundingAt ?? p.openedAt;
  for (let b = fundingBoundary(since) + FUNDING_INTERVAL_MS; b <= now; b += FUNDING_INTERVAL_MS) due.push(b);
  return due;
}

/** Long TP at or above it, SL at or below it; a short's the other way round. */
export function triggered(p: Position, mark: Decimal): 'take_profit' | 'stop_loss' | null {
  const long = p.side === 'long';
  if (p.stopLoss && (long ? mark.lte(p.stopLoss) : mark.gte(p.stopLoss))) return 'stop_loss';
  if (p.takeProfit && (long ? mark.gte(p.takeProfit) : mark.lte(p.takeProfit))) return 'take_profit';
  return null;
}

async function applyFunding(
  core: EngineCore,
  job: JobContext,
  p: Position,
  mark: Decimal,
  rate: string,
  boundary: number,
): Promise<Position> {
  let paid = fundingPayment(p.side, p.qty, mark, rate);
  // Funding can take the margin, never more: the rest would be a loss beyond it.
  if (paid.gt(p.margin)) paid = d(p.margin);
  const next: Position = {
    ...p,
    lastFundingAt: boundary,
    margin: d(p.margin).minus(paid),
    funding: d(p.funding).plus(paid),
    realizedPnl: p.realizedPnl === null ? null : d(p.realizedPnl).minus(paid),
  };
  const at = new Date(boundary).toISOString();
  if (!paid.isZero()) {
    const txId = await postFunding(
      job.tx,
      p,
      paid,
      `funding ${p.symbol} ${rate}% @ ${mark.toFixed()} for ${at}`,
    );
    await recordContractFunding(job.tx, p, { txId, mark, ratePercent: rate, paid, t: boundary });
  }
  await savePosition(job.tx, next);
  if (!paid.isZero()) {
    const wire = toWire(next, core.market, core.rules.current(), mark.toFixed());
    const t = core.clock.now();
    const announce = await recordHappening(
      job,
      p,
      { kind: 'funding', position: wire, amount: paid.toFixed(), rate },
      { kind: 'funding', positionId: String(p.id), symbol: p.symbol, amount: paid.toFixed(), rate, t },
    );
    job.afterCommit(() => {
      core.book.put(next);
      announce();
    });
    await announceBalances(job, p);
  } else job.afterCommit(() => core.book.put(next));
  return next;
}

/**
 * The risk engine: on every mark tick of a symbol, each open position of it is checked in memory;
 * one that owes funding, must be liquidated (equity ≤ maintenance margin + closing fee) or hit its
 * take-profit or stop-loss gets a writer job, which re-reads the row under lock and acts on the
 * facts as they are then. A position with a job in flight is skipped until it settles.
 */
export function createRiskEngine(core: EngineCore) {
  const pending = new Set<bigint>();
  const inflight = new Set<Promise<unknown>>();

  async function act(job: JobContext, id: bigint, mark: Decimal, funding: string | null, now: number) {
    let p = await lockPosition(job.tx, id);
    if (!p || p.status !== 'open') return;
    const rules = core.rules.current();
    // A boundary missed while the broker was down is charged at the rate and mark the source
    // shows now: it keeps no history of past rates, and charging nothing would be a hidden gift
    // that the next honest boundary could not make up for.
    if (funding !== null)
      for (const boundary of fundingDue(p, now))
        p = await applyFunding(core, job, p, mark, funding, boundary);
    const reason = shouldLiquidate(p, mark, rules) ? 'liquidation' : triggered(p, mark);
    if (!reason) return;
    try {
      await closeAtMarket(core, job, p, p.qty, reason);
    } catch (error) {
      // Nothing filled (the book is empty on that side): nothing happened; the next tick retries.
      if (!(error instanceof ApiError && error.key === 'NO_LIQUIDITY')) throw error;
    }
  }

  function onMark(symbol: string, tick: SourceMark): void {
    const now = core.clock.now();
    const mark = d(tick.mark);
    const rules = core.rules.current();
    for (const p of core.book.ofSymbol(symbol)) {
      if (pending.has(p.id)) continue;
      const due = tick.funding !== null && fundingDue(p, now).length > 0;
      if (!due && !shouldLiquidate(p, mark, rules) && !triggered(p, mark)) continue;
      pending.add(p.id);
      const run = core.writer
        .run((job) => act(job, p.id, mark, tick.funding, now), POSTS_TO_SYSTEM)
        // Nothing was written (the job rolled back alone); the next tick tries again. Said
        // out loud: a position the engine cannot act on is an operator's problem to see.
        .catch((error: unknown) =>
          core.log?.error({ err: error, positionId: String(p.id), symbol }, 'contract risk job failed'),
        )
        .finally(() => {
          pending.delete(p.id);
          inflight.delete(run);
        });
      inflight.add(run);
    }
  }

  return {
    onMark,
    /** Resolves when every job the ticks so far started has settled (tests, shutdown). */
    async settled(): Promise<void> {
      while (inflight.size > 0) await Promise.all([...inflight]);
    },
  };
}
