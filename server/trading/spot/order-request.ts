import type { SpotWallet } from '../../../domain/protocol/account';
import { checkCoinOrder } from '../../../domain/rules/coin';
import { checkStockOrder } from '../../../domain/rules/stock';
import { coinRuleUnits, STOCK_RULE_UNITS, type RuleUnits } from '../../../domain/rules/units';
import type { Session } from '../../auth/session';
import { ApiError } from '../../http/errors';
import { withUnits } from '../../i18n';
import type { Instrument, MarketSource } from '../../market/source';
import type { ConditionalRow } from '../../db/schema/conditional';
import type { OrderDraft } from '../../../domain/rules/draft';
import { currenciesOf } from './booking';
import type { PlaceInput } from './place-input';
import type { SpotSettings } from './settings';

export type OrderRequest = {
  wallet: SpotWallet;
  symbol: string;
  side: 'buy' | 'sell';
  type: 'market' | 'limit';
  quantity: string;
  price?: string | undefined;
  timeInForce?: 'day' | 'gtc';
  clientOrderId?: string | undefined;
  tradePassword?: string | undefined;
};

/** Whose order: a session, or the user a conditional order is placed for. */
export type Owner = Pick<Session, 'userId' | 'accountType'>;

/** What a refused order's figures are counted in, for its message (the ticket says the same). */
export function ruleUnits(wallet: SpotWallet, instrument: Instrument): RuleUnits {
  if (wallet === 'stock') return STOCK_RULE_UNITS;
  const { cash, asset } = currenciesOf({ wallet, symbol: instrument.symbol }, instrument);
  return coinRuleUnits(asset, cash);
}

/** What an order breaks against the market as it is now, and its instrument (an unknown symbol throws). */
function checkNow(
  market: MarketSource,
  settings: SpotSettings,
  wallet: SpotWallet,
  symbol: string,
  draft: OrderDraft,
): { instrument: Instrument; refusal: ApiError | null } {
  const instrument = market.instrument(symbol);
  const ticker = market.ticker(symbol);
  const broken =
    wallet === 'stock'
      ? checkStockOrder(
          instrument,
          draft,
          { last: ticker?.last ?? null, prevClose: ticker?.prev ?? null },
          settings.stockOrderLimits,
        )
      : checkCoinOrder(instrument, draft, ticker?.last ?? null, settings.coinSpot);
  if (!instrument) throw new ApiError(broken?.key ?? 'NOT_TRADABLE', broken?.params);
  const refusal = broken
    ? new ApiError(broken.key, withUnits(broken.params, ruleUnits(wallet, instrument)))
    : wallet === 'stock' && draft.type === 'market' && !market.status('BIST').open
      ? new ApiError('MARKET_CLOSED')
      : null;
  return { instrument, refusal };
}

/** The order as the engine places it: checked, its instrument looked up (its day is the placing's). */
export type PreparedOrder = Omit<PlaceInput, 'tradingDay'>;

/**
 * The order as the engine places it, and the rule it breaks (if any): checked outside the writer,
 * against the market as it is now. An unknown symbol throws at once (there is no order to replay).
 */
export function prepareOrder(
  market: MarketSource,
  settings: SpotSettings,
  owner: Owner,
  request: OrderRequest,
): { input: PreparedOrder; refusal: ApiError | null } {
  // The rules read the order's own four fields: handed the whole request, a buy by amount's fields
  // reached them too, and the coin ticket's confirm showed another amount than the one typed.
  const { instrument, refusal } = checkNow(market, settings, request.wallet, request.symbol, {
    side: request.side,
    type: request.type,
    quantity: request.quantity,
    price: request.price,
  });
  const input: PreparedOrder = {
    userId: owner.userId,
    accountType: owner.accountType,
    wallet: request.wallet,
    instrument,
    side: request.side,
    type: request.type,
    quantity: request.quantity,
    price: request.type === 'limit' ? (request.price ?? null) : null,
    timeInForce: request.wallet === 'coin' ? 'gtc' : (request.timeInForce ?? 'day'),
    clientOrderId: request.clientOrderId ?? null,
  };
  return { input, refusal };
}

/** A conditional order's leg as it is kept: what its firing places, read from the row itself. */
export type StoredLeg = Pick<
  ConditionalRow,
  'id' | 'userId' | 'accountType' | 'wallet' | 'symbol' | 'side' | 'quantity' | 'limitPrice'
>;

/**
 * The order a fired leg places, read straight from its row as `prepareOrder` reads a ticket's
 * request: a limit at the leg's limit or a market order, waiting (a stock's) as long as the user's
 * own order would, the session; its client id the leg's, so the leg and its order name each other.
 */
export function prepareLeg(
  market: MarketSource,
  settings: SpotSettings,
  leg: StoredLeg,
): { input: PreparedOrder; refusal: ApiError | null } {
  const type: OrderDraft['type'] = leg.limitPrice === null ? 'market' : 'limit';
  const draft: OrderDraft = {
    side: leg.side,
    type,
    quantity: leg.quantity,
    price: leg.limitPrice ?? undefined,
  };
  const { instrument, refusal } = checkNow(market, settings, leg.wallet, leg.symbol, draft);
  const input: PreparedOrder = {
    userId: leg.userId,
    accountType: leg.accountType,
    wallet: leg.wallet,
    instrument,
    side: leg.side,
    type,
    quantity: leg.quantity,
    price: leg.limitPrice,
    timeInForce: leg.wallet === 'coin' ? 'gtc' : 'day',
    clientOrderId: `cond-${leg.id}`,
  };
  return { input, refusal };
}
