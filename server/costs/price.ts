import Decimal from 'decimal.js';
import { realisticFills, type Meeting, type PaperFill } from '../../domain/costs/realistic';
import { heldBackAfter, sellableOnVenue } from '../../domain/costs/held-back';
import { spotScheduleOf } from '../../domain/costs/schedules';
import type { AccountType } from '../auth/session-types';
import type { RealisticRow } from './store';

/** A paper fill as booked: its costs apart, and (sells) its realised P&L after them. */
export type BookedFill = {
  id: bigint;
  price: string;
  qty: string;
  commission: string;
  bsmv: string;
  exchangeFee: string;
  realizedPnl: string | null;
  t: number;
};

/**
 * One execution of one order (its fills of one moment) to price on a real venue: live fills from
 * the spot engine, or a replay's (`kind: 'replay'`, priced on its recorded book the same way).
 */
export type ExecutionToPrice = {
  kind: 'spot' | 'replay';
  userId: bigint;
  accountType: AccountType;
  wallet: 'stock' | 'coin';
  symbol: string;
  side: 'buy' | 'sell';
  /** The order's limit; null for a market order. */
  limit: string | null;
  meeting: Meeting;
  /** False when a resting order's place in the queue was not known. */
  queueKnown: boolean;
  /** The units of the asset the paper account held before it; null when not known. */
  held: string | null;
  fills: readonly BookedFill[];
};

const paperOf = (fill: BookedFill): PaperFill => {
  const fees = new Decimal(fill.commission).plus(fill.bsmv).plus(fill.exchangeFee);
  return {
    id: String(fill.id),
    price: fill.price,
    qty: fill.qty,
    fees: fees.toFixed(),
    // The paper booking's realised P&L is after its costs: the gain before them adds them back.
    gain: fill.realizedPnl === null ? null : fees.plus(fill.realizedPnl).toFixed(),
  };
};

/** Whose held-back units an execution moves (domain/costs/held-back.ts): an account's asset. */
export const heldBackKey = (k: Pick<ExecutionToPrice, 'userId' | 'accountType' | 'wallet' | 'symbol'>) =>
  `${k.userId}:${k.accountType}:${k.wallet}:${k.symbol}`;

/**
 * The rows of executions in the order they were booked: each sell sells no more than a real
 * account holds, the paper holding less what the queue kept from the account's buys
 * (`heldBack`, by `heldBackKey`, carried on from execution to execution).
 */
export function realisticRowsInTurn(
  executions: readonly ExecutionToPrice[],
  heldBack: Map<string, string>,
): RealisticRow[] {
  return executions.flatMap((exec) => {
    const key = heldBackKey(exec);
    const before = heldBack.get(key) ?? '0';
    const rows = realisticRows(exec, before);
    const paper = exec.fills.reduce((s, f) => s.plus(f.qty), new Decimal(0));
    const real = rows.reduce((s, r) => s.plus(r.qty), new Decimal(0));
    heldBack.set(key, heldBackAfter(before, exec.side, paper, real));
    return rows;
  });
}

/** The rows `realistic_fills` keeps for an execution, `heldBack` units of the asset never bought for real. */
export function realisticRows(exec: ExecutionToPrice, heldBack: string = '0'): RealisticRow[] {
  const schedule = spotScheduleOf(exec.wallet);
  const sellable = exec.side === 'sell' && exec.held !== null ? sellableOnVenue(exec.held, heldBack) : null;
  const priced = realisticFills(
    { side: exec.side, limit: exec.limit, sellable },
    exec.meeting,
    exec.fills.map(paperOf),
    schedule,
  );
  return priced.map((r, i) => ({
    kind: exec.kind,
    fillId: exec.fills[i]!.id,
    userId: exec.userId,
    accountType: exec.accountType,
    wallet: exec.wallet,
    symbol: exec.symbol,
    side: exec.side,
    role: exec.meeting.kind,
    venue: schedule.venue,
    qty: r.qty,
    avgPrice: r.avgPrice,
    fees: r.fees.total,
    tax: r.tax,
    slippage: r.lines.slippage,
    feesDelta: r.lines.fees,
    taxes: r.lines.taxes,
    queue: r.lines.queue,
    delta: r.delta,
    queueKnown: exec.queueKnown,
    t: exec.fills[i]!.t,
  }));
}

/**
 * A replay's noted executions priced once its fills are stored, by the paper account's lives (a
 * reset starts it again with nothing held back): `ids` maps each in-memory fill id to its
 * replay_fills id (a fill not stored is left out).
 */
export function replayRealisticRows(
  lives: readonly (readonly ExecutionToPrice[])[],
  ids: ReadonlyMap<bigint, bigint>,
): RealisticRow[] {
  return lives.flatMap((executions) => {
    const stored = executions.flatMap((exec) => {
      const fills = exec.fills.flatMap((f) => {
        const id = ids.get(f.id);
        return id === undefined ? [] : [{ ...f, id }];
      });
      return fills.length === 0 ? [] : [{ ...exec, kind: 'replay' as const, fills }];
    });
    return realisticRowsInTurn(stored, new Map());
  });
}
