import { d, USDT_SCALE } from '../../../domain/contracts';
import type { CloseReason, ContractPosition } from '../../../domain/protocol/contracts';
import { ApiError } from '../../http/errors';
import { closeAtMarket } from './close';
import type { EngineCore } from './core';
import { announceBalances, announcePosition } from './notify';
import type { Position } from './position';
import { postAddMargin, POSTS_TO_SYSTEM } from './postings';
import { lockOwnPosition, openPositions, savePosition, walletBalance, type Owner } from './store';
import * as v from './validate';
import { markOf, toWire } from './wire';

function mustBeOpen(p: Position): void {
  if (p.status !== 'open') throw new ApiError('POSITION_CLOSED');
}

/** `quantity` of one position at market (all when absent). */
export async function closePosition(
  core: EngineCore,
  owner: Owner,
  id: bigint,
  quantity: string | undefined,
  reason: CloseReason = 'user',
): Promise<ContractPosition> {
  await core.rules.get();
  return core.writer.run(async (job) => {
    const p = await lockOwnPosition(job.tx, owner, id);
    mustBeOpen(p);
    const instrument = v.contractInstrument(core.market, p.symbol);
    let qty = p.qty;
    if (quantity !== undefined) {
      qty = v.contractQty(quantity, instrument);
      if (qty.gt(p.qty)) throw new ApiError('CLOSE_QUANTITY_TOO_LARGE', { max: p.qty.toFixed() });
    }
    const next = await closeAtMarket(core, job, p, qty, reason);
    return toWire(next, core.market, core.rules.current());
  }, POSTS_TO_SYSTEM);
}

/**
 * What a close-all did: the positions it closed, and the named ones already gone (closed,
 * triggered or liquidated before it). One the book could not take now is in neither: still open.
 */
export type ClosedAll = { closed: ContractPosition[]; gone: string[] };

/**
 * Every open position of the caller, each at market; with `ids`, only those (what the user's
 * confirmation named: one opened meanwhile, from another device, stays open).
 */
export async function closeAll(
  core: EngineCore,
  owner: Owner,
  ids?: readonly bigint[],
  reason: CloseReason = 'all',
): Promise<ClosedAll> {
  await core.rules.get();
  const open = await openPositions(core.db, owner);
  const named = ids === undefined ? open : open.filter((p) => ids.includes(p.id));
  const gone = ids === undefined ? [] : ids.filter((id) => !named.some((p) => p.id === id));
  const closed: ContractPosition[] = [];
  for (const p of named) {
    // One job each: a position the book cannot take now stays open and the others still close.
    const done = await core.writer
      .run(async (job) => {
        const locked = await lockOwnPosition(job.tx, owner, p.id);
        if (locked.status !== 'open') return 'gone' as const;
        return closeAtMarket(core, job, locked, locked.qty, reason);
      }, POSTS_TO_SYSTEM)
      .catch((error: unknown) => {
        if (error instanceof ApiError && error.key === 'NO_LIQUIDITY') return null;
        throw error;
      });
    if (done === 'gone') gone.push(p.id);
    else if (done) closed.push(toWire(done, core.market, core.rules.current()));
  }
  return { closed, gone: ids === undefined ? [] : gone.map(String) };
}

/** POST set/profit and set/loss: validated against the mark now; an empty price clears it. */
export async function setTrigger(
  core: EngineCore,
  owner: Owner,
  id: bigint,
  kind: 'takeProfit' | 'stopLoss',
  price: string | undefined,
): Promise<ContractPosition> {
  const settings = await core.rules.get();
  return core.writer.run(async (job) => {
    const p = await lockOwnPosition(job.tx, owner, id);
    mustBeOpen(p);
    const instrument = v.contractInstrument(core.market, p.symbol);
    let value = null;
    if (price !== undefined && price !== '') {
      if (!/^-?(0|[1-9]\d*)(\.\d+)?$/.test(price)) throw new ApiError('NUMBER_FORMAT', { field: 'price' });
      value = v.triggerPrice(price, instrument, 'price');
      const mark = v.currentMark(core.market, p.symbol);
      const liq = v.liqOf(p, settings);
      if (kind === 'takeProfit') v.checkTriggers(p.side, mark, value, null, liq, instrument.priceScale);
      else v.checkTriggers(p.side, mark, null, value, liq, instrument.priceScale);
    }
    const next: Position = { ...p, [kind]: value };
    await savePosition(job.tx, next);
    const wire = toWire(next, core.market, settings);
    job.afterCommit(() => {
      core.book.put(next);
      announcePosition(job.events, owner, wire)();
    });
    return wire;
  });
}

/** POST add/mgn: more margin from the contract wallet's available balance (the liquidation price moves away). */
export async function addMargin(
  core: EngineCore,
  owner: Owner,
  id: bigint,
  amount: string,
): Promise<ContractPosition> {
  const settings = await core.rules.get();
  const value = v.positiveAmount(amount, 'amount', USDT_SCALE);
  return core.writer.run(async (job) => {
    const p = await lockOwnPosition(job.tx, owner, id);
    mustBeOpen(p);
    const available = await walletBalance(job.tx, owner, 'contract');
    if (available.lt(value.toFixed())) throw new ApiError('INSUFFICIENT_BALANCE');
    await postAddMargin(job.tx, p, value);
    const next: Position = { ...p, margin: d(p.margin).plus(value) };
    await savePosition(job.tx, next);
    const wire = toWire(next, core.market, settings);
    job.afterCommit(() => {
      core.book.put(next);
      announcePosition(job.events, owner, wire)();
    });
    await announceBalances(job, owner);
    return wire;
  });
}

export async function queryPosition(core: EngineCore, owner: Owner, id: bigint): Promise<ContractPosition> {
  const settings = await core.rules.get();
  const p = await lockOwnPosition(core.db, owner, id, false);
  return toWire(p, core.market, settings, markOf(p, core.market));
}
