import Decimal from 'decimal.js';
import { and, eq, sql } from 'drizzle-orm';
import {
  checkConditionalLeg,
  checkOcoPair,
  directionOf,
  trailingTrigger,
  type ConditionalDraft,
  type Direction,
} from '../../../domain/conditional/trigger';
import type { z } from 'zod';
import type { conditionalAddSchema } from '../../../domain/protocol/conditional';
import { checkCoinOrder } from '../../../domain/rules/coin';
import { coinBuyTotal, stockBuyTotal } from '../../../domain/rules/costs';
import { checkStockOrder } from '../../../domain/rules/stock';
import { coinRuleUnits, STOCK_RULE_UNITS } from '../../../domain/rules/units';
import { ensure } from '../../../domain/assert';
import { LIMITS } from '../../../domain/limits';
import { ensureRoom } from '../../accounts/user-cap';
import type { Db } from '../../db/client';
import { ownedBy, type Owner } from '../../db/owned';
import { conditionalOrders } from '../../db/schema/conditional';
import { ApiError } from '../../http/errors';
import { withUnits } from '../../i18n';
import { fitsLedger } from '../../ledger/decimal';
import type { Instrument, MarketSource } from '../../market/source';
import { currenciesOf } from '../spot/booking';
import type { SpotSettings } from '../spot/settings';
import type { SpotWallet } from '../../../domain/protocol/account';

export type Wallet = SpotWallet;

/** The add request after its shape was checked (the route's input). */
export type AddInput = z.output<typeof conditionalAddSchema>;

/** A leg ready to be written: its trigger now, and for a trailing stop where it trails from. */
export type Leg = ConditionalDraft & { trigger: string; direction: Direction; best: string | null };

export type Checked = { instrument: Instrument; legs: Leg[]; hold: string; held: string };

/** One price checked by the instrument's own order rules (tick, band for stocks; grid for coins). */
function checkPrice(
  wallet: Wallet,
  instrument: Instrument,
  settings: SpotSettings,
  draft: { side: 'buy' | 'sell'; quantity: string; price: string | null },
  quote: { last: string | null; prevClose: string | null },
): void {
  const order = {
    side: draft.side,
    type: draft.price === null ? ('market' as const) : ('limit' as const),
    quantity: draft.quantity,
    price: draft.price ?? undefined,
  };
  const broken =
    wallet === 'stock'
      ? checkStockOrder(instrument, order, quote, settings.stockOrderLimits)
      : checkCoinOrder(instrument, order, quote.last, settings.coinSpot);
  if (!broken) return;
  const { cash, asset } = currenciesOf({ wallet, symbol: instrument.symbol }, instrument);
  const units = wallet === 'stock' ? STOCK_RULE_UNITS : coinRuleUnits(asset, cash);
  throw new ApiError(broken.key, withUnits(broken.params, units));
}

function legOf(
  input: { kind: ConditionalDraft['kind']; trigger?: string | undefined; limit?: string | undefined },
  side: 'buy' | 'sell',
  quantity: string,
  trail: ConditionalDraft['trail'],
): ConditionalDraft {
  if (input.kind !== 'trailing' && input.trigger === undefined)
    throw new ApiError('FIELD_REQUIRED', { field: 'trigger' });
  // A stop and a trailing stop place a market order: a limit sent with one is a mistake, not a wish.
  if ((input.kind === 'stop' || input.kind === 'trailing') && input.limit !== undefined)
    throw new ApiError('FIELD_INVALID', { field: 'limit' });
  return {
    kind: input.kind,
    side,
    quantity,
    trigger: input.kind === 'trailing' ? null : (input.trigger ?? null),
    limit: input.limit ?? null,
    trail,
  };
}

/**
 * Everything checked before the hold is taken: each leg's own rules (trigger not yet crossed,
 * a stop-limit's limit, a trailing offset), the instrument's order rules on the trigger and on
 * the limit, the pair's rules, the expiry; and what must be held: a sell's quantity, or a
 * buy's cost at its highest price (limit, or trigger when it places a market order) with costs.
 */
export function checkAdd(
  market: MarketSource,
  settings: SpotSettings,
  wallet: Wallet,
  input: AddInput,
  now: number,
): Checked {
  const instrument = market.instrument(input.symbol);
  if (!instrument || instrument.market !== wallet) throw new ApiError('NOT_TRADABLE');
  const ticker = market.ticker(input.symbol);
  const last = ticker?.last ?? null;
  const quote = { last, prevClose: ticker?.prev ?? null };
  if (input.expiresAt !== undefined && input.expiresAt <= now) throw new ApiError('CONDITIONAL_EXPIRY_PAST');

  let trail: ConditionalDraft['trail'] = null;
  if (input.kind === 'trailing') {
    if (input.trailBy === undefined) throw new ApiError('FIELD_REQUIRED', { field: 'trailBy' });
    if (input.trailValue === undefined) throw new ApiError('FIELD_REQUIRED', { field: 'trailValue' });
    trail = { by: input.trailBy, value: input.trailValue };
  }
  const drafts = [legOf(input, input.side, input.quantity, trail)];
  if (input.oco === '1') {
    if (input.ocoKind === undefined) throw new ApiError('FIELD_REQUIRED', { field: 'ocoKind' });
    drafts.push(
      legOf(
        { kind: input.ocoKind, trigger: input.ocoTrigger, limit: input.ocoLimit },
        input.side,
        input.quantity,
        null,
      ),
    );
  }

  const legs = drafts.map((draft): Leg => {
    const broken = checkConditionalLeg(draft, last);
    if (broken) throw new ApiError(broken.key, broken.params);
    let trigger = draft.trigger;
    let best: string | null = null;
    if (draft.kind === 'trailing') {
      // It trails from the last price: without one there is nothing to follow yet.
      if (last === null) throw new ApiError('FEED_STALE');
      best = new Decimal(last).toFixed();
      const trail = ensure(draft.trail, 'a trailing leg has its offset');
      trigger = trailingTrigger(draft.side, best, trail, instrument.priceScale);
      checkPrice(wallet, instrument, settings, { ...draft, price: null }, quote);
    } else {
      checkPrice(wallet, instrument, settings, { ...draft, price: trigger }, quote);
    }
    if (draft.limit !== null)
      checkPrice(wallet, instrument, settings, { ...draft, price: draft.limit }, quote);
    return {
      ...draft,
      trigger: ensure(trigger, 'a leg has its trigger'),
      best,
      direction: directionOf(draft.kind, draft.side),
    };
  });
  const [one, other] = legs;
  if (one && other) {
    const broken = checkOcoPair(one, other);
    if (broken) throw new ApiError(broken.key, broken.params);
  }

  const { cash, asset } = currenciesOf({ wallet, symbol: instrument.symbol }, instrument);
  const costOf = (leg: Leg) => {
    const amount = new Decimal(leg.quantity).times(leg.limit ?? leg.trigger);
    return new Decimal(
      wallet === 'stock'
        ? stockBuyTotal(amount, settings.stockCosts)
        : coinBuyTotal(amount, settings.coinSpot),
    );
  };
  const hold = input.side === 'sell' ? new Decimal(input.quantity) : Decimal.max(...legs.map(costOf));
  if (!fitsLedger(hold.toFixed())) throw new ApiError('INSUFFICIENT_BALANCE');
  for (const leg of legs)
    for (const price of [leg.trigger, leg.limit])
      if (price !== null && !fitsLedger(price)) throw new ApiError('FIELD_INVALID', { field: 'trigger' });
  return { instrument, legs, hold: hold.toFixed(), held: input.side === 'sell' ? asset : cash };
}

/**
 * Refuses a new conditional order (CONDITIONAL_LIMIT, `{ max }`) when the account already has
 * LIMITS.conditionalPending waiting: each holds money and sits in the trigger index. An OCO pair
 * is one order (its legs share a group). Called inside the add's writer job, before its legs are
 * written: the writer runs jobs one at a time, in one transaction a batch, so no other add can
 * count or insert between this count and those rows, and a burst stops exactly at the cap.
 * With several partitions (docs/partitions.md) two writers could each count the same last slot:
 * the add's batch locks the user's row in its first round (Batch.lockUser, named by the add's
 * prefetch), so another partition's add of the same user waits for this one's commit and counts
 * its legs. Never the user's row mid-batch: that breaks the lock order.
 */
export async function ensureConditionalRoom(tx: Db, owner: Owner): Promise<void> {
  const [row] = await tx
    .select({
      n: sql<number>`count(distinct coalesce(${conditionalOrders.groupId}, ${conditionalOrders.id}))::int`,
    })
    .from(conditionalOrders)
    .where(and(ownedBy(conditionalOrders, owner), eq(conditionalOrders.state, 'pending')));
  ensureRoom(row?.n ?? 0, { max: LIMITS.conditionalPending, key: 'CONDITIONAL_LIMIT' });
}
