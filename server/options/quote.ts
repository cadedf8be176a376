import { closePremium, closeProceeds, premiumOf } from '../../domain/options/money';
import type { OptionKind, OptionQuote } from '../../domain/protocol/options';
import type { Session } from '../auth/session';
import type { Db } from '../db/client';
import { ApiError } from '../http/errors';
import { available } from '../funding/exchange/store';
import type { MarketSource } from '../market/source';
import { buyCharge, checkBuy, checkClose } from './checks';
import { insertQuote, newQuoteId, quoteOnWire } from './quote-store';
import { closeContracts } from './close';
import { modelGreeks, optionSettings, type OptionSettings, volatilityText } from './terms';

export type QuoteInput =
  | { side: 'buy'; symbol: string; kind: OptionKind; strike: string; expiresAt: number; contracts: string }
  | { side: 'close'; id: bigint; contracts?: string | undefined };

/**
 * `action: 'quote'`: prices a buy or an early close now, after every check the buy or close
 * runs (and the balance, told now rather than after the countdown; checked again at the buy),
 * and stores the figures for `quoteSeconds`. The buy or close that names it is charged or paid
 * exactly these (./quoted.ts) while the stock's mid stays within a tick of the quote's: the
 * premium's decay within the quote's life is the broker's, a move of the stock is nobody's.
 */
export async function quoteOption(
  db: Db,
  market: MarketSource,
  session: Session,
  input: QuoteInput,
  now: number,
): Promise<OptionQuote> {
  const settings = await optionSettings(db);
  const quoting = {
    db,
    market,
    session,
    settings,
    now,
    owner: { userId: session.userId, accountType: session.accountType },
    life: { createdAt: now, validUntil: now + settings.quoteSeconds * 1000 },
  };
  return input.side === 'buy' ? quoteBuy(quoting, input) : quoteClose(quoting, input);
}

/** What both quotes are made with: the caller, the settings and the quote's life from now. */
type Quoting = {
  db: Db;
  market: MarketSource;
  session: Session;
  settings: OptionSettings;
  now: number;
  owner: { userId: bigint; accountType: Session['accountType'] };
  life: { createdAt: number; validUntil: number };
};

/** A buy's quote: the model premium of the contract asked for, with its fee and the cash it needs. */
async function quoteBuy(q: Quoting, input: Extract<QuoteInput, { side: 'buy' }>): Promise<OptionQuote> {
  const { db, market, session, settings, now } = q;
  const { u, expiresAt, strike, contracts, contract } = await checkBuy(db, market, input, settings, now);
  const greeks = modelGreeks(u, input.kind, u.spot, strike, now, expiresAt);
  const premium = premiumOf(greeks.price);
  if (!premium) throw new ApiError('NOT_TRADABLE');
  const { total, fee, cost } = buyCharge(premium, settings, contracts);
  if ((await available(db, session, 'stock', 'TRY')).lt(cost.toFixed()))
    throw new ApiError('INSUFFICIENT_BALANCE');
  const row = await insertQuote(db, {
    id: newQuoteId(),
    ...q.owner,
    side: 'buy',
    positionId: null,
    ...contract,
    spot: u.spot,
    volatility: volatilityText(u.volatility),
    rate: settings.rate,
    premium: premium.toFixed(),
    premiumTotal: total.toFixed(),
    fee: fee.toFixed(),
    total: cost.toFixed(),
    ...q.life,
  });
  return quoteOnWire(row, greeks);
}

/** An early close's quote: the model premium less the close spread, for the contracts named. */
async function quoteClose(q: Quoting, input: Extract<QuoteInput, { side: 'close' }>): Promise<OptionQuote> {
  const { db, market, session, settings, now } = q;
  const { position, u } = await checkClose(db, market, session, input.id, settings, now);
  const kind = position.kind as OptionKind;
  const greeks = modelGreeks(u, kind, u.spot, position.strike, now, position.expiresAt);
  const model = premiumOf(greeks.price);
  if (!model) throw new ApiError('NOT_TRADABLE');
  const price = closePremium(model, settings.closeSpread);
  const contracts = closeContracts(input.contracts, position.contracts);
  const proceeds = closeProceeds(price, position.multiplier, contracts, settings.feeRate, settings.minFee);
  const row = await insertQuote(db, {
    id: newQuoteId(),
    ...q.owner,
    side: 'close',
    positionId: position.id,
    symbol: position.symbol,
    kind,
    strike: position.strike,
    expiresAt: position.expiresAt,
    contracts,
    multiplier: position.multiplier,
    spot: u.spot,
    volatility: volatilityText(u.volatility),
    rate: settings.rate,
    premium: price.toFixed(),
    premiumTotal: proceeds.gross.toFixed(),
    fee: proceeds.fee.toFixed(),
    total: proceeds.net.toFixed(),
    ...q.life,
  });
  return quoteOnWire(row, greeks);
}
