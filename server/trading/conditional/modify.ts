import Decimal from 'decimal.js';
import { eq } from 'drizzle-orm';
import { ensure } from '../../../domain/assert';
import type { z } from 'zod';
import { crossed, directionOf, trailingTrigger } from '../../../domain/conditional/trigger';
import type { ConditionalOrder } from '../../../domain/protocol/conditional';
import type { conditionalModifySchema } from '../../../domain/protocol/order-modify';
import { coinBuyTotal, stockBuyTotal } from '../../../domain/rules/costs';
import { confirmOrder } from '../../accounts/pins';
import type { Session } from '../../auth/session';
import { conditionalOrders, type ConditionalRow } from '../../db/schema/conditional';
import { ApiError } from '../../http/errors';
import { userAccount } from '../../ledger/account-ref';
import { canonical } from '../../ledger/decimal';
import type { Instrument } from '../../market/source';
import type { TradingDeps } from '../deps';
import type { SpotEngine } from '../spot/engine';
import type { JobContext } from '../writer';
import { checkAdd, type AddInput, type Leg, type Wallet } from './draft';
import { heldCurrency, ownGroup, pendingLegs } from './holds';
import { announceLegs } from './notify';

export type ModifyInput = z.output<typeof conditionalModifySchema>;

/** What a modify needs from its engine: the trading deps, the spot rules and the trigger watch. */
export type Modifying = Pick<TradingDeps, 'db' | 'market' | 'writer' | 'clock'> & {
  spot: SpotEngine;
  arm: (row: ConditionalRow) => void;
  disarm: (rows: readonly ConditionalRow[]) => void;
};

const dec = (v: string | null) => (v === null ? undefined : canonical(v));

/**
 * The leg's new figures: a stop moves its trigger, a stop-limit or take-profit its trigger and
 * the limit it has, a trailing stop its offset. A field the kind does not have is FIELD_INVALID;
 * figures equal to the leg's are ORDER_MODIFY_UNCHANGED (nothing is written).
 */
function changeOf(leg: ConditionalRow, input: ModifyInput) {
  const trailing = leg.kind === 'trailing';
  if (trailing && input.trigger !== undefined) throw new ApiError('FIELD_INVALID', { field: 'trigger' });
  if (!trailing && input.trailValue !== undefined)
    throw new ApiError('FIELD_INVALID', { field: 'trailValue' });
  if (input.limit !== undefined && leg.limitPrice === null)
    throw new ApiError('FIELD_INVALID', { field: 'limit' });
  const next = {
    trigger: trailing ? undefined : canonical(input.trigger ?? leg.triggerPrice),
    limit: dec(input.limit ?? leg.limitPrice),
    trailValue: dec(input.trailValue ?? leg.trailValue),
  };
  const same = (a: string | undefined, b: string | null) =>
    a === undefined ? b === null : b !== null && new Decimal(a).eq(b);
  const unchanged = trailing
    ? same(next.trailValue, leg.trailValue)
    : same(next.trigger, leg.triggerPrice) && same(next.limit, leg.limitPrice);
  if (unchanged) throw new ApiError('ORDER_MODIFY_UNCHANGED');
  return next;
}

/** The group as a new add of it would be, with the one leg changed: checked by the add's own rules. */
function asAdd(
  legs: readonly ConditionalRow[],
  changed: ConditionalRow,
  next: ReturnType<typeof changeOf>,
): AddInput {
  const of = (leg: ConditionalRow) =>
    leg.id === changed.id
      ? next
      : { trigger: dec(leg.triggerPrice), limit: dec(leg.limitPrice), trailValue: dec(leg.trailValue) };
  const [first, second] = legs;
  if (!first) throw new ApiError('CONDITIONAL_NOT_MODIFIABLE');
  return {
    symbol: first.symbol,
    side: first.side,
    kind: first.kind,
    quantity: canonical(first.quantity),
    ...of(first),
    trailBy: first.trailBy ?? undefined,
    ...(second
      ? {
          oco: '1' as const,
          ocoKind: second.kind as 'stop' | 'stop_limit' | 'take_profit',
          ocoTrigger: of(second).trigger,
          ocoLimit: of(second).limit,
        }
      : {}),
  };
}

/**
 * A trailing stop keeps the best price it reached: its trigger is the new offset from there (the
 * add's own check trails from the last price), and must not be crossed by the last price already.
 */
function keepBest(leg: Leg, row: ConditionalRow, instrument: Instrument, last: string | null): Leg {
  if (leg.kind !== 'trailing' || row.best === null || !leg.trail) return leg;
  const trigger = trailingTrigger(leg.side, row.best, leg.trail, instrument.priceScale);
  if (last !== null && crossed(directionOf(leg.kind, leg.side), trigger, last))
    throw new ApiError('CONDITIONAL_TRIGGER_CROSSED', { last });
  return { ...leg, best: canonical(row.best), trigger };
}

/** The group's hold at the new levels: a sell's quantity, a buy's dearest leg with its costs. */
function holdOf(deps: Modifying, wallet: Wallet, legs: readonly Leg[]): Decimal {
  const [first] = legs;
  if (!first) return new Decimal(0);
  if (first.side === 'sell') return new Decimal(first.quantity);
  const settings = deps.spot.settings();
  const cost = (leg: Leg) => {
    const amount = new Decimal(leg.quantity).times(leg.limit ?? leg.trigger);
    return new Decimal(
      wallet === 'stock'
        ? stockBuyTotal(amount, settings.stockCosts)
        : coinBuyTotal(amount, settings.coinSpot),
    );
  };
  return Decimal.max(...legs.map(cost));
}

/** Moves the difference between the group's hold and what its first leg holds (frozen ↔ available). */
async function rehold(jc: JobContext, first: ConditionalRow, instrument: Instrument, hold: Decimal) {
  const more = hold.minus(first.frozen);
  if (more.isZero()) return;
  const currency = heldCurrency(first, instrument);
  const user = (bucket: 'available' | 'frozen') =>
    userAccount(first.userId, first.accountType, first.wallet, currency, bucket);
  await jc.batch.ledger.post({
    reason: more.gt(0) ? 'conditional_freeze' : 'conditional_release',
    referenceType: 'conditional_order',
    referenceId: String(first.groupId ?? first.id),
    memo: `modify ${first.side} ${first.symbol}`,
    lines: [
      { account: user('available'), amount: more.neg().toFixed() },
      { account: user('frozen'), amount: more.toFixed() },
    ],
  });
}

/** The session's own leg of the wallet, still waiting, with its group's waiting legs (first leg first). */
async function waitingGroupOf(jc: JobContext, session: Session, wallet: Wallet, id: bigint) {
  const { legs } = await ownGroup(jc, session, wallet, id);
  const leg = legs.find((l) => l.id === id);
  if (!leg) throw new ApiError('CONDITIONAL_NOT_MODIFIABLE');
  const sorted = [...legs].sort((a, b) => (a.id < b.id ? -1 : 1));
  return { leg, legs: sorted, first: ensure(sorted[0], 'a group has the leg found in it') };
}

/** One modify in the writer: the group re-read, checked as an add, its hold re-taken, the leg rewritten. */
async function modifyInJob(
  deps: Modifying,
  jc: JobContext,
  session: Session,
  wallet: Wallet,
  input: ModifyInput,
) {
  const { market, clock } = deps;
  const now = clock.now();
  const { leg, legs, first } = await waitingGroupOf(jc, session, wallet, input.id);
  const next = changeOf(leg, input);
  const checked = checkAdd(market, deps.spot.settings(), wallet, asAdd(legs, leg, next), now);
  const last = market.ticker(leg.symbol)?.last ?? null;
  const newLegs = checked.legs.map((l, i) =>
    keepBest(l, ensure(legs[i], 'a checked leg has its row'), checked.instrument, last),
  );
  const hold = holdOf(deps, wallet, newLegs);
  await rehold(jc, first, checked.instrument, hold);
  const mine = ensure(newLegs[legs.indexOf(leg)], 'the modified leg is checked with its group');
  await jc.tx
    .update(conditionalOrders)
    .set({
      triggerPrice: mine.trigger,
      limitPrice: mine.limit,
      trailValue: mine.trail?.value ?? null,
      best: mine.best,
      updatedAt: now,
    })
    .where(eq(conditionalOrders.id, leg.id));
  // The group's hold sits on its first leg.
  await jc.tx
    .update(conditionalOrders)
    .set({ frozen: hold.toFixed() })
    .where(eq(conditionalOrders.id, first.id));
  const written = await pendingLegs(jc, first.groupId ?? first.id);
  jc.afterCommit(() => {
    // The watch follows the new levels from the next print on.
    deps.disarm(legs);
    written.forEach(deps.arm);
  });
  return announceLegs(jc, written);
}

/** Checks the PIN rule outside the writer (as the add does), then modifies in one job. */
export async function modifyGroup(
  deps: Modifying,
  session: Session,
  wallet: Wallet,
  input: ModifyInput,
): Promise<ConditionalOrder[]> {
  await confirmOrder(deps.db, session.userId, input.tradePassword);
  // The hold's wallet in the batch's first round, as a cancel names it: taken again later, after
  // other jobs' users, it met another stock partition's batch holding the same users the other
  // way about (docs/partitions.md, "Lock order").
  return deps.writer.run((jc) => modifyInJob(deps, jc, session, wallet, input), {
    prefetch: (batch) => batch.ledger.wantWallets(session, [wallet]),
  });
}
