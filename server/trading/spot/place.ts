import type { SpotWallet } from '../../../domain/protocol/account';
import Decimal from 'decimal.js';
import { and, eq, gt, sql } from 'drizzle-orm';
import { checkCoinSell } from '../../../domain/rules/coin';
import { spotCapAndHold } from '../../../domain/trade/spot-order-cost';
import { checkStockSell } from '../../../domain/rules/stock';
import type { Db } from '../../db/client';
import { ledgerAccounts } from '../../db/schema/ledger';
import { stockLocks } from '../../db/schema/trading';
import { ApiError } from '../../http/errors';
import { accountCode, systemAccount, userAccount, type AccountRef } from '../../ledger/account-ref';
import { fitsLedger, type LedgerDecimal } from '../../ledger/decimal';
import type { MarketSource } from '../../market/source';
import type { Batch } from '../batch';
import type { JobContext } from '../writer';
import { bookExecution, currenciesOf, type Booked, type BookingContext } from './booking';
import { marketCap } from './market-cap';
import { SpotPending } from './pending';
import type { PlaceInput } from './place-input';
import { fillsOf, findByClientId, sameOrder } from './replay';
import type { OrderRow } from './rows';
import { ownedBy } from '../../db/owned';

export type { PlaceInput } from './place-input';

export type Placed = Booked & { replayed: boolean };

/** Free balance of one of the user's ledger accounts. */
export async function balanceOf(
  tx: Db,
  userId: bigint,
  accountType: 'real' | 'demo',
  wallet: SpotWallet,
  currency: string,
): Promise<string> {
  const [row] = await tx
    .select({ balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.code, accountCode(userAccount(userId, accountType, wallet, currency))));
  return row?.balance ?? '0';
}

/** T+1-locked shares of a symbol still locked at `now`, this batch's unwritten locks included. */
async function lockedInBatch(
  batch: Batch,
  userId: bigint,
  accountType: 'real' | 'demo',
  symbol: string,
  now: number,
): Promise<string> {
  const pending = SpotPending.of(batch);
  // Read with the whole batch (prefetchOrder); asked here only when that read cannot answer.
  const stored =
    pending.lockedRead({ userId, accountType, symbol }, now) ??
    (await lockedQty(batch.tx, userId, accountType, symbol, now));
  return pending
    .lockedHere(userId, accountType, symbol, now)
    .reduce((sum, qty) => sum.plus(qty), new Decimal(stored))
    .toFixed();
}

/** T+1-locked shares of a symbol still locked at `now`. */
export async function lockedQty(
  tx: Db,
  userId: bigint,
  accountType: 'real' | 'demo',
  symbol: string,
  now: number,
): Promise<string> {
  const [row] = await tx
    .select({ qty: sql<string>`coalesce(sum(${stockLocks.qty}), 0)::text` })
    .from(stockLocks)
    .where(
      and(
        ownedBy(stockLocks, { userId, accountType }),
        eq(stockLocks.symbol, symbol),
        gt(stockLocks.unlockAt, now),
      ),
    );
  return row?.qty ?? '0';
}

/** Every ledger account an order can touch. */
function orderAccounts(input: Pick<PlaceInput, 'userId' | 'accountType' | 'wallet' | 'instrument'>) {
  const { cash, asset } = currenciesOf(
    { wallet: input.wallet, symbol: input.instrument.symbol },
    input.instrument,
  );
  const user = (currency: string, bucket: 'available' | 'frozen') =>
    userAccount(input.userId, input.accountType, input.wallet, currency, bucket);
  return [
    user(cash, 'available'),
    user(cash, 'frozen'),
    user(asset, 'available'),
    user(asset, 'frozen'),
    systemAccount('market', cash),
    systemAccount('market', asset),
    systemAccount('fees', cash),
  ];
}

/**
 * Names what an order's job will read, so the batch reads it for all its jobs at once (one
 * statement per table instead of one per order): the accounts, the position, the user's
 * order-confirmation setting, a client order id, and for a stock sell the locked shares as of
 * `now` (the job's own clock reading is the same or later).
 */
export function prefetchOrder(
  batch: Batch,
  input: Pick<PlaceInput, 'userId' | 'accountType' | 'wallet' | 'instrument' | 'clientOrderId' | 'side'>,
  now: number,
): void {
  batch.ledger.want(orderAccounts(input));
  const pending = SpotPending.of(batch);
  const symbol = input.instrument.symbol;
  pending.want({ ...input, symbol }, input.clientOrderId);
  if (input.side === 'sell' && input.wallet === 'stock')
    pending.wantLocks({ userId: input.userId, accountType: input.accountType, symbol }, now);
}

/**
 * The order placed before under this client order id, answered again (a retry after a lost
 * answer), or undefined for a new id. A different order under the same id is a client's mistake
 * that must not pass for success.
 */
export async function replayOf(
  batch: Batch,
  input: Parameters<typeof findByClientId>[1],
): Promise<Placed | undefined> {
  const earlier = await findByClientId(batch, input);
  if (!earlier) return undefined;
  if (!sameOrder(earlier, input)) throw new ApiError('CLIENT_ORDER_ID_REUSED');
  return { order: earlier, fills: await fillsOf(batch, earlier.id), balances: [], replayed: true };
}

/**
 * Why a sell of more than the user may sell (held, or locked by T+1 or a lock-up) is refused, or
 * null: `free` is the asset's available balance, `locked` a stock's locked shares now.
 */
export function sellRefusal(
  input: Pick<PlaceInput, 'wallet' | 'quantity' | 'instrument'>,
  free: string,
  locked: string,
): ApiError | null {
  const broken =
    input.wallet === 'stock'
      ? checkStockSell(input.quantity, free, locked)
      : checkCoinSell(input.quantity, free);
  // A stock without T+1 is locked only by a block trade's lock-up: say that, not "T+1".
  if (broken?.key === 'T1_LOCKED' && !input.instrument.t1) return new ApiError('BLOCK_LOCKED_UP');
  return broken ? new ApiError(broken.key, broken.params) : null;
}

/** A sell of more than the user may sell is refused. */
async function checkSellable(batch: Batch, ctx: BookingContext, input: PlaceInput, assetFree: AccountRef) {
  const free = batch.ledger.balance(assetFree).toFixed();
  // Not only T+1 stocks: block-trade shares of any stock are locked until their lock-up ends.
  const locked =
    input.wallet === 'stock'
      ? await lockedInBatch(batch, input.userId, input.accountType, input.instrument.symbol, ctx.now)
      : '0';
  const refusal = sellRefusal(input, free, locked);
  if (refusal) throw refusal;
}

/**
 * The price an order is held and executed at (its limit, or a market order's protected cap) and
 * the hold that takes (domain/trade/spot-order-cost, the order preview's too).
 */
function capAndHold(
  source: MarketSource,
  ctx: BookingContext,
  input: PlaceInput,
  freeCash: () => LedgerDecimal,
) {
  const caps =
    input.type === 'market' ? marketCap(source, input.instrument, input.side, input.quantity) : null;
  const chosen = spotCapAndHold(input, caps, freeCash, ctx.settings);
  if (chosen === null) throw new ApiError('NO_LIQUIDITY');
  return chosen;
}

function newOrderRow(id: bigint, input: PlaceInput, hold: Decimal | string, now: number): OrderRow {
  const { instrument } = input;
  return {
    id,
    userId: input.userId,
    accountType: input.accountType,
    wallet: input.wallet,
    clientOrderId: input.clientOrderId,
    symbol: instrument.symbol,
    side: input.side,
    type: input.type,
    timeInForce: input.timeInForce,
    price: input.price,
    quantity: input.quantity,
    filledQty: '0',
    filledAmount: '0',
    fees: '0',
    frozen: hold.toString(),
    realizedPnl: '0',
    status: 'open',
    statusReason: null,
    tradingDay: input.tradingDay,
    queueSeq: null,
    createdAt: now,
    updatedAt: now,
  };
}

/**
 * Places an order inside an in-memory writer job (RunOptions.inMemory): sellable check, the
 * order row, the hold (checked in the batch's ledger: a refused hold changes nothing),
 * execution against the source, booking. Every write is the batch's, so a job that fails is
 * taken back without a savepoint. A market order that finds nobody on the other side is
 * refused whole (NO_LIQUIDITY).
 */
export async function placeOrder(
  jc: JobContext,
  source: MarketSource,
  ctx: BookingContext,
  input: PlaceInput,
): Promise<Placed> {
  const { batch } = jc;
  const replay = await replayOf(batch, input);
  if (replay) return replay;
  const { instrument } = input;
  const { cash, asset } = currenciesOf({ wallet: input.wallet, symbol: instrument.symbol }, instrument);
  const user = (currency: string, bucket: 'available' | 'frozen') =>
    userAccount(input.userId, input.accountType, input.wallet, currency, bucket);
  // Read with the whole batch's (see prefetchOrder); loaded here only when that was skipped.
  await batch.ledger.load(orderAccounts(input));

  if (input.side === 'sell') await checkSellable(batch, ctx, input, user(asset, 'available'));

  const open = input.wallet === 'coin' || source.status('BIST').open;
  const { cap, hold } = capAndHold(source, ctx, input, () => batch.ledger.balance(user(cash, 'available')));

  // A 40-digit quantity passes the rules but no account holds what it costs: short, as any hold
  // over the balance is, not a posting the ledger refuses as out of range (a 500).
  if (!fitsLedger(hold)) throw new ApiError('INSUFFICIENT_BALANCE');
  // A coin has no price band: a sell's limit price of 21 digits was held (its quantity fits) and
  // written past the order row's NUMERIC(38,18), failing the batch's flush and with it every
  // order that shared the batch, other users' too (500s). Refused here, on its own.
  if (input.price !== null && !fitsLedger(input.price))
    throw new ApiError('FIELD_INVALID', { field: 'price' });

  const order = newOrderRow(await batch.ids.next('spot_orders'), input, hold, ctx.now);
  const held = input.side === 'buy' ? cash : asset;
  await batch.ledger.post({
    reason: 'order_freeze',
    referenceType: 'spot_order',
    referenceId: String(order.id),
    memo: `${input.side} ${input.quantity} ${instrument.symbol}`,
    lines: [
      { account: user(held, 'available'), amount: new Decimal(hold).neg().toFixed() },
      { account: user(held, 'frozen'), amount: new Decimal(hold).toFixed() },
    ],
  });
  SpotPending.of(batch).putOrder(order, true);

  // Our own prints come back as market events during execute(): the engine ignores them for
  // this symbol until the job is done (see engine.ts), so nothing re-enters the writer here.
  const fills = open
    ? source.execute({ symbol: instrument.symbol, side: input.side, qty: input.quantity, limit: cap })
    : [];
  if (input.type === 'market' && fills.length === 0) throw new ApiError('NO_LIQUIDITY');
  if (fills.length === 0) return { order, fills: [], balances: [], replayed: false };
  const booked = await bookExecution(batch, ctx, {
    order,
    instrument,
    fills,
    rest:
      input.type === 'market'
        ? { kind: 'finish', status: 'system_closed', reason: 'no_liquidity' }
        : { kind: 'rest' },
  });
  return { ...booked, replayed: false };
}
