import { closePremium, closeProceeds, maxBuyPremium, minClosePremium } from '../../domain/options/money';
import type { OptionKind, OptionPosition } from '../../domain/protocol/options';
import type { Session } from '../auth/session';
import type { Db } from '../db/client';
import { decimalField } from '../http/decimal-field';
import { ApiError } from '../http/errors';
import type { MarketSource } from '../market/source';
import { bookClose, closeContracts } from './close';
import { modelPremium, optionSettings, volatilityText } from './terms';
import { buyCharge, checkBuy, checkClose, ownPosition } from './checks';
import { confirmOrder } from '../accounts/pins';
import { buyQuoted, closeQuoted } from './quoted';
import { bookAndAnswer, bookPurchase, type BuyInput, type CloseInput } from './purchase';
import { hasPassed } from '../risk-check/store';

export type { BuyInput, CloseInput } from './purchase';

/**
 * Buys `contracts` options: every check before anything is written, then the row and its one
 * posting (premium + fee out of the stock account) in one transaction, so a refusal — the
 * ledger's INSUFFICIENT_BALANCE included — leaves nothing behind. The premium charged is the
 * server's model price now, never more than the ticket showed plus the tolerance; with a quote,
 * the quote's premium exactly (./quoted.ts).
 */
export async function buyOption(
  db: Db,
  market: MarketSource,
  session: Session,
  input: BuyInput,
  now: number,
): Promise<OptionPosition> {
  // No option is bought before the risk check on what a buyer can lose has been passed.
  if (!(await hasPassed(db, session.userId, 'option')))
    throw new ApiError('RISK_CHECK_REQUIRED', { kind: 'option' }).withParams();
  if (input.quoteId !== undefined)
    return buyQuoted(db, market, session, { ...input, quoteId: input.quoteId }, now);
  const settings = await optionSettings(db);
  const shown = decimalField(input.premium, 'premium');
  const { u, expiresAt, strike, contracts, contract } = await checkBuy(db, market, input, settings, now);
  const premium = modelPremium(u, input.kind, u.spot, strike, now, expiresAt);
  if (!premium) throw new ApiError('NOT_TRADABLE');
  // The confirmation showed the cost at this ceiling (domain/options/money): never charged more.
  if (premium.gt(maxBuyPremium(shown, settings.priceTolerance))) throw new ApiError('OPTION_PRICE_CHANGED');
  const { total, fee } = buyCharge(premium, settings, contracts);
  await confirmOrder(db, session.userId, input.tradePassword);

  return bookAndAnswer(db, market, session, now, (tx) =>
    bookPurchase(
      tx,
      session,
      {
        ...contract,
        openPrice: u.spot,
        premium: premium.toFixed(),
        premiumTotal: total.toFixed(),
        fee: fee.toFixed(),
        volatility: volatilityText(u.volatility),
        rate: settings.rate,
      },
      now,
    ),
  );
}

/**
 * Sells an open position back before expiry at the live model premium × (1 − spread) (the
 * disclosed spread), less the fee. The row is locked and checked again inside the transaction,
 * so a close racing the settlement pass (or another close) credits once. With a quote, the
 * quote's price exactly (./quoted.ts).
 */
export async function closeOption(
  db: Db,
  market: MarketSource,
  session: Session,
  input: CloseInput,
  now: number,
): Promise<OptionPosition> {
  if (input.quoteId !== undefined)
    return closeQuoted(db, market, session, { ...input, quoteId: input.quoteId }, now);
  const shown = decimalField(input.premium, 'premium');
  const settings = await optionSettings(db);
  const { position: before, u } = await checkClose(db, market, session, input.id, settings, now);
  const kind = before.kind as OptionKind;
  const model = modelPremium(u, kind, u.spot, before.strike, now, before.expiresAt);
  if (!model) throw new ApiError('NOT_TRADABLE');
  const price = closePremium(model, settings.closeSpread);
  // The confirmation showed the proceeds at this floor (domain/options/money): never paid less.
  if (price.lt(minClosePremium(shown, settings.priceTolerance))) throw new ApiError('OPTION_PRICE_CHANGED');
  const contracts = closeContracts(input.contracts, before.contracts);
  const proceeds = closeProceeds(price, before.multiplier, contracts, settings.feeRate, settings.minFee);
  await confirmOrder(db, session.userId, input.tradePassword);

  return bookAndAnswer(db, market, session, now, async (tx) => {
    const locked = await ownPosition(tx, session, input.id, true);
    return bookClose(
      tx,
      session,
      locked,
      { contracts, spot: u.spot, premium: price.toFixed(), ...proceeds },
      now,
    );
  });
}
