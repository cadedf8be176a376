import Decimal from 'decimal.js';
import { and, inArray } from 'drizzle-orm';
import { LIVE_ORDER_STATUSES, type OrderStatus } from '../../../domain/protocol/trading';
import { spotOrders } from '../../db/schema/trading';
import type { Instrument, MarketSource } from '../../market/source';
import type { JobContext } from '../writer';
import { bookExecution, type BookingContext, type Rest } from './booking';
import { announceBooked, messageAbout } from './notify';
import type { RestingEntry, RestingIndex } from './resting';
import type { OrderRow } from './rows';

const LIVE = LIVE_ORDER_STATUSES as OrderStatus[];

/** True when the book as shown now crosses a resting order of the symbol. */
export function marketable(source: MarketSource, index: RestingIndex, symbol: string): boolean {
  const { maxBuy, minSell } = index.extremes(symbol);
  const book = source.book(symbol, 1);
  const ask = book?.asks[0]?.[0];
  const bid = book?.bids[0]?.[0];
  return (
    (maxBuy !== null && ask !== undefined && new Decimal(ask).lte(maxBuy)) ||
    (minSell !== null && bid !== undefined && new Decimal(bid).gte(minSell))
  );
}

/** Live rows of the given ids, read in the writer: the database, not the index, says what is live. */
async function liveRows(jc: JobContext, ids: bigint[]): Promise<OrderRow[]> {
  if (ids.length === 0) return [];
  return jc.tx
    .select()
    .from(spotOrders)
    .where(and(inArray(spotOrders.id, ids), inArray(spotOrders.status, LIVE)));
}

/**
 * Fills the symbol's resting orders `entries` names (those the book crossed when the batch began,
 * whose users' accounts its first round locked: match-locks.ts), best price first then oldest,
 * each at the levels the book shows up to its limit. Answers how many orders got fills.
 */
export async function matchSymbol(
  jc: JobContext,
  source: MarketSource,
  ctx: BookingContext,
  index: RestingIndex,
  entries: readonly RestingEntry[],
): Promise<number> {
  const symbol = entries[0]?.symbol;
  const instrument = symbol === undefined ? undefined : source.instrument(symbol);
  if (!instrument || symbol === undefined) return 0;
  const rows = await liveRows(
    jc,
    entries.filter((e) => e.expiresAt === null || e.expiresAt > ctx.now).map((e) => e.id),
  );
  rows.sort((a, b) => {
    if (a.side !== b.side) return a.side === 'buy' ? -1 : 1;
    const byPrice = new Decimal(a.price ?? 0).comparedTo(b.price ?? 0);
    if (byPrice !== 0) return a.side === 'buy' ? -byPrice : byPrice;
    // Time priority: a modify that moved the order or added lots drew it a later turn.
    return (a.queueSeq ?? a.id) < (b.queueSeq ?? b.id) ? -1 : 1;
  });
  let touched = 0;
  for (const row of rows) {
    const remaining = new Decimal(row.quantity).minus(row.filledQty);
    if (remaining.lte(0) || row.price === null) continue;
    const fills = source.execute({ symbol, side: row.side, qty: remaining.toFixed(), limit: row.price });
    if (fills.length === 0) continue;
    touched++;
    const booked = await bookExecution(jc.batch, ctx, {
      order: row,
      instrument,
      fills,
      rest: { kind: 'rest' },
    });
    finishInIndex(jc, index, booked.order);
    announceBooked(jc, source, booked);
    ctx.realistic?.(jc, booked);
    const qty = fills.reduce((s, f) => s.plus(f.qty), new Decimal(0));
    const amount = fills.reduce((s, f) => s.plus(new Decimal(f.price).times(f.qty)), new Decimal(0));
    await messageAbout(jc, booked.order, 'filled', {
      qty: qty.toFixed(),
      avgPrice: amount
        .dividedBy(qty)
        .toDecimalPlaces(instrument.priceScale + 4)
        .toFixed(),
    });
  }
  return touched;
}

/** After the batch commits, a finished order leaves the index. */
export function finishInIndex(jc: JobContext, index: RestingIndex, order: OrderRow): void {
  if (!LIVE.includes(order.status)) jc.afterCommit(() => index.remove(order.symbol, order.id));
}

/**
 * Ends live orders without a fill (a cancel, an expiry): the unused hold goes back to
 * available in one posting per order, and the order takes its final state.
 */
export async function finishOrders(
  jc: JobContext,
  source: MarketSource,
  ctx: BookingContext,
  index: RestingIndex,
  rows: OrderRow[],
  rest: Extract<Rest, { kind: 'finish' }>,
): Promise<OrderRow[]> {
  const done: OrderRow[] = [];
  for (const row of rows) {
    const instrument = source.instrument(row.symbol);
    const booked = instrument
      ? await bookExecution(jc.batch, ctx, { order: row, instrument, fills: [], rest })
      : await bookExecution(jc.batch, ctx, { order: row, instrument: standIn(row), fills: [], rest });
    finishInIndex(jc, index, booked.order);
    announceBooked(jc, source, booked);
    ctx.realistic?.(jc, booked);
    done.push(booked.order);
  }
  return done;
}

/** An order of an instrument that left the catalogue still finishes: its hold is released the same way. */
function standIn(row: OrderRow): Instrument {
  const coin = row.wallet === 'coin';
  return {
    symbol: row.symbol,
    name: row.symbol,
    market: coin ? 'coin' : 'stock',
    country: '',
    priceScale: 8,
    qtyScale: 8,
    group: null,
    t1: false,
    lot: 1,
    base: coin ? row.symbol.replace(/USDT$/, '') : null,
    quote: coin ? 'USDT' : null,
    minQty: '0',
    members: [],
  };
}
