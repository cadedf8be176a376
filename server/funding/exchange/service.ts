import Decimal from 'decimal.js';
import type { z } from 'zod';
import { minimumAmount, quoteFigures } from '../../../domain/funding/exchange';
import type { ExchangeAnswer, exchangeRequestSchema } from '../../../domain/protocol/exchange';
import { sessionUser } from '../../accounts/profile';
import { verifyTradePassword } from '../../accounts/pins';
import type { Session } from '../../auth/session';
import { ApiError } from '../../http/errors';
import { readSetting } from '../../settings';
import { eventsOf } from '../../app-state';
import type { Db } from '../../db/client';
import type { AccountRef } from '../../ledger/account-ref';
import type { TradingDeps } from '../../trading/deps';
import type { JobContext, Writer } from '../../trading/writer';
import { announceBalances } from '../../trading/contracts/notify';
import { exchangeSystemAccounts, postExchange } from './posting';
import { isRouted, readTops, routeOf, scaleOf } from './pricing';
import { isListed } from '../../../domain/rules/tradable';
import { coinListingAt } from '../../primary/ico/listing';
import { available, insertQuote, lockOwnQuote, markExecuted, newQuoteId, quoteOnWire } from './store';

export type ExchangeInput = z.output<typeof exchangeRequestSchema>;
type Deps = Pick<TradingDeps, 'db' | 'market' | 'clock'> & {
  /** Books one conversion: in the writer (one partition), or on its own (several, see below). */
  book: Booking;
};

type Booked = Pick<JobContext, 'tx' | 'afterCommit' | 'events'>;
type Booking = <T>(job: (jc: Booked) => Promise<T>, system: AccountRef[]) => Promise<T>;

/** Through the trading writer, ordered with the orders and transfers that spend the same balances. */
function inWriter(writer: Writer): Booking {
  return (job, system) => writer.run(job, { prefetch: (batch) => batch.ledger.want(system) });
}

/**
 * In a transaction of its own, outside every writer: with several trading partitions a
 * conversion spends one partition's currency and pays the other's, and a batch of either writer
 * that held one user's account while waiting for another's could close a cycle with it. Here
 * every account is locked in the posting's one statement, in code order (server/ledger/post.ts),
 * so it waits but never holds one while waiting for another (docs/partitions.md, "Lock order").
 */
function onItsOwn(db: Db): Booking {
  return async (job) => {
    const after: (() => void)[] = [];
    const result = await db.transaction((tx) =>
      job({ tx, afterCommit: (fn) => after.push(fn), events: eventsOf(db) }),
    );
    for (const fn of after) fn();
    return result;
  };
}

export type Exchange = { exchange(session: Session, input: ExchangeInput): Promise<ExchangeAnswer> };

/** An amount of `from`: positive, within the currency's decimals. */
function checkedAmount(value: string, scale: number): Decimal {
  const amount = new Decimal(value);
  if (amount.lte(0)) throw new ApiError('AMOUNT_NOT_POSITIVE', { field: 'amount' });
  if (amount.decimalPlaces() > scale) throw new ApiError('AMOUNT_PRECISION', { decimals: scale });
  return amount;
}

/** Prices the conversion on the live book and stores the quote (every figure shown before confirming). */
async function quote(deps: Deps, session: Session, input: ExchangeInput): Promise<ExchangeAnswer> {
  const { db, market, clock } = deps;
  const from = input.from.toUpperCase();
  const to = input.to.toUpperCase();
  const route = routeOf(market, from, to);
  // A coin sale's token before its listing is not traded (domain/rules/tradable), whatever its
  // book holds: said so, not "nobody on the other side" (the pickers leave such tokens out).
  const asked = clock.now();
  for (const leg of route.legs)
    if (!isListed(await coinListingAt(db, leg.symbol), asked)) throw new ApiError('NOT_TRADABLE');
  const fromScale = scaleOf(from);
  const toScale = scaleOf(to);
  const amount = checkedAmount(input.amount, fromScale);
  const settings = await readSetting(db, 'exchange');
  const figures = quoteFigures({
    amount: amount.toFixed(),
    tops: readTops(market, route),
    sides: route.legs.map((leg) => leg.side),
    spread: settings.spread,
    feeRate: settings.feeRate,
    toScale,
  });
  if (new Decimal(figures.receive).lte(0))
    throw new ApiError('AMOUNT_BELOW_MINIMUM', {
      min: `${minimumAmount(figures.rate, settings.feeRate, fromScale, toScale)} ${from}`,
    });
  // Told now rather than after the countdown; checked again when it is booked.
  if ((await available(db, session, route.fromWallet, from)).lt(amount.toFixed()))
    throw new ApiError('INSUFFICIENT_BALANCE');
  const now = clock.now();
  const row = await insertQuote(db, {
    id: newQuoteId(),
    userId: session.userId,
    accountType: session.accountType,
    fromCurrency: from,
    toCurrency: to,
    fromWallet: route.fromWallet,
    toWallet: route.toWallet,
    amount: amount.toFixed(),
    rate: figures.rate,
    midRate: figures.midRate,
    fee: figures.fee,
    receive: figures.receive,
    createdAt: now,
    expiresAt: now + settings.quoteSeconds * 1000,
  });
  return { executed: false, quote: quoteOnWire(row, settings.feeRate) };
}

/** Books exactly the quote named, once, through the trading writer. */
async function execute(
  deps: Deps,
  session: Session,
  input: ExchangeInput,
  quoteId: string,
): Promise<ExchangeAnswer> {
  const { db, market, clock, book } = deps;
  if (input.tradePassword === undefined || input.tradePassword === '') {
    const user = await sessionUser(db, session.userId);
    throw new ApiError(
      user.tradePasswordHash === null ? 'TRADE_PASSWORD_NOT_SET' : 'TRADE_PASSWORD_REQUIRED',
    );
  }
  await verifyTradePassword(db, session.userId, input.tradePassword);
  const { feeRate } = await readSetting(db, 'exchange');
  // Only a pair the exchange routes names accounts (any other finds no quote in the job).
  const from = input.from.toUpperCase();
  const to = input.to.toUpperCase();
  const system = isRouted(market, from, to) ? exchangeSystemAccounts(from, to) : [];
  return book(async (job) => {
    const row = await lockOwnQuote(job.tx, session, quoteId);
    // Asked for with other terms than it was quoted for: not this quote.
    if (
      !row ||
      row.fromCurrency !== input.from.toUpperCase() ||
      row.toCurrency !== input.to.toUpperCase() ||
      !new Decimal(row.amount).eq(input.amount)
    )
      throw new ApiError('QUOTE_NOT_FOUND');
    // Booked already: a quote is one conversion, so a replay (a client that lost the answer
    // and sent no requestId) gets that booking's answer and nothing moves. "Not valid, ask a
    // new one" read as "nothing happened", and the next quote converted a second time.
    if (row.executedAt !== null && row.transactionId !== null)
      return {
        executed: true as const,
        quote: quoteOnWire(row, feeRate),
        transactionId: String(row.transactionId),
      };
    if (row.executedAt !== null) throw new ApiError('QUOTE_NOT_FOUND');
    const now = clock.now();
    if (now > row.expiresAt) throw new ApiError('QUOTE_EXPIRED');
    const fromWallet = row.fromWallet === 'stock' ? 'stock' : 'coin';
    if ((await available(job.tx, session, fromWallet, row.fromCurrency)).lt(row.amount))
      throw new ApiError('INSUFFICIENT_BALANCE');
    const posted = await postExchange(job.tx, session, row);
    await markExecuted(job.tx, row.id, now, posted.id);
    await announceBalances(job, session);
    return {
      executed: true as const,
      quote: quoteOnWire(row, feeRate),
      transactionId: String(posted.id),
    };
  }, system);
}

/**
 * Without a quote id: prices the conversion on the live book and stores the
 * quote (the user sees every figure before confirming). With one and the trade password: books
 * exactly that quote once, through the trading writer so it is ordered with the orders and
 * transfers that spend the same balances. A quote is never re-priced: past its expiry it is
 * refused (QUOTE_EXPIRED) and the user asks for a new one.
 */
export function createExchange(
  base: Pick<TradingDeps, 'db' | 'market' | 'clock'> & { writer?: Writer },
): Exchange {
  const deps: Deps = { ...base, book: base.writer ? inWriter(base.writer) : onItsOwn(base.db) };
  return {
    exchange(session, input) {
      return input.quoteId === undefined || input.quoteId === ''
        ? quote(deps, session, input)
        : execute(deps, session, input, input.quoteId);
    },
  };
}
