import Decimal from 'decimal.js';
import type { OptionPosition } from '../../domain/protocol/options';
import type { Session } from '../auth/session';
import type { Db } from '../db/client';
import { decimalField } from '../http/decimal-field';
import { ApiError } from '../http/errors';
import type { MarketSource } from '../market/source';
import { bookAndAnswer, bookPurchase, type BuyInput, type CloseInput } from './purchase';
import { checkClose, checkOpen, contractsField, ownPosition } from './checks';
import { confirmOrder } from '../accounts/pins';
import { bookClose, closeContracts } from './close';
import { lockOwnQuote, markUsed, type QuoteRow } from './quote-store';
import { optionSettings, requireTradable, underlyingOf, type Underlying } from './terms';
import { bistTickSteps, STOCK_PRICE_SCALE } from '../../domain/market/ticks';

type Quoted<T> = T & { quoteId: string };

/** What a confirmation claims of its quote: the premium the sheet showed, now, on this stock price. */
type QuoteClaim = {
  quoteId: string;
  shown: Decimal;
  now: number;
  spot: Pick<Underlying, 'spot' | 'spotSteps'>;
};

/**
 * The quote, locked, if it is the caller's, unused and for these terms (QUOTE_NOT_FOUND
 * otherwise), still alive (QUOTE_EXPIRED otherwise), and the premium shown is its premium
 * (OPTION_PRICE_CHANGED otherwise: the sheet showed other figures than the quote's).
 */
async function honoured(
  tx: Db,
  session: Session,
  claim: QuoteClaim,
  sameTerms: (q: QuoteRow) => boolean,
): Promise<QuoteRow> {
  const { quoteId, shown, now, spot } = claim;
  const q = await lockOwnQuote(tx, session, quoteId);
  if (!q || q.usedAt !== null || !sameTerms(q)) throw new ApiError('QUOTE_NOT_FOUND');
  if (now > q.validUntil) throw new ApiError('QUOTE_EXPIRED');
  if (!shown.eq(q.premium)) throw new ApiError('OPTION_PRICE_CHANGED');
  checkFresh(q, spot);
  await markUsed(tx, q.id, now);
  return q;
}

/**
 * OPTION_QUOTE_STALE once the stock's mid has moved a whole tick from the one the quote was
 * priced on: a tick of the stock is a tick's worth of premium (delta × tick), and a quote held
 * through it would let its holder confirm only when the move was in their favour. A half-tick
 * (one side of the book moving) leaves it standing.
 */
function checkFresh(q: QuoteRow, spot: Pick<Underlying, 'spot' | 'spotSteps'>): void {
  const tick = new Decimal(bistTickSteps(spot.spotSteps)).div(10 ** STOCK_PRICE_SCALE);
  if (new Decimal(spot.spot).minus(q.spot).abs().gte(tick)) throw new ApiError('OPTION_QUOTE_STALE');
}

/**
 * A buy that names a quote: the checks a buy runs at execution (the stock tradable, the option
 * not expired, the market open, the trade password), then in one transaction the quote locked
 * and used, the position at the quote's figures and their posting (INSUFFICIENT_BALANCE rolls
 * it all back).
 */
export async function buyQuoted(
  db: Db,
  market: MarketSource,
  session: Session,
  input: Quoted<BuyInput>,
  now: number,
): Promise<OptionPosition> {
  const settings = await optionSettings(db);
  const u = underlyingOf(market, input.symbol, settings, now);
  await requireTradable(db, u, now);
  const shown = decimalField(input.premium, 'premium');
  const strike = decimalField(input.strike, 'strike');
  if (input.expiresAt <= now) throw new ApiError('OPTION_EXPIRED');
  const contracts = contractsField(input.contracts, settings.maxContracts);
  checkOpen(market);
  await confirmOrder(db, session.userId, input.tradePassword);

  const claim = { quoteId: input.quoteId, shown, now, spot: u };
  return bookAndAnswer(db, market, session, now, async (tx) => {
    const q = await honoured(
      tx,
      session,
      claim,
      (q) =>
        q.side === 'buy' &&
        q.symbol === u.instrument.symbol &&
        q.kind === input.kind &&
        strike.eq(q.strike) &&
        q.expiresAt === input.expiresAt &&
        new Decimal(q.contracts).eq(contracts.toString()),
    );
    return bookPurchase(
      tx,
      session,
      {
        symbol: q.symbol,
        kind: q.kind,
        strike: q.strike,
        expiresAt: q.expiresAt,
        contracts: q.contracts,
        multiplier: q.multiplier,
        openPrice: q.spot,
        premium: q.premium,
        premiumTotal: q.premiumTotal,
        fee: q.fee,
        volatility: q.volatility,
        rate: q.rate,
      },
      now,
    );
  });
}

/**
 * An early close that names a quote: the position locked and still open, the quote locked and
 * used, and the quote's proceeds credited, in one transaction (a close racing the settlement pass
 * or another close still credits once).
 */
export async function closeQuoted(
  db: Db,
  market: MarketSource,
  session: Session,
  input: Quoted<CloseInput>,
  now: number,
): Promise<OptionPosition> {
  const shown = decimalField(input.premium, 'premium');
  const settings = await optionSettings(db);
  const { position, u } = await checkClose(db, market, session, input.id, settings, now);
  if (input.contracts !== undefined) closeContracts(input.contracts, position.contracts);
  await confirmOrder(db, session.userId, input.tradePassword);

  const claim = { quoteId: input.quoteId, shown, now, spot: u };
  return bookAndAnswer(db, market, session, now, async (tx) => {
    const locked = await ownPosition(tx, session, input.id, true);
    const q = await honoured(
      tx,
      session,
      claim,
      (q) =>
        q.side === 'close' &&
        q.positionId === locked.id &&
        (input.contracts === undefined || new Decimal(q.contracts).eq(input.contracts)),
    );
    // The quote closes the contracts it was asked for, if they are still held.
    return bookClose(
      tx,
      session,
      locked,
      {
        contracts: q.contracts,
        spot: q.spot,
        premium: q.premium,
        gross: new Decimal(q.premiumTotal),
        fee: new Decimal(q.fee),
        net: new Decimal(q.total),
      },
      now,
    );
  });
}
