import type { SpotWallet } from '../../../domain/protocol/account';
import { checkCoinOrder } from '../../../domain/rules/coin';
import { checkStockOrder } from '../../../domain/rules/stock';
import { coinRuleUnits, STOCK_RULE_UNITS, type RuleUnits } from '../../../domain/rules/units';
import type { Session } from '../../auth/session';
import { ApiError } from '../../http/errors';
import { withUnits } from '../../i18n';
import type { Instrument, MarketSource } from '../../market/source';
import { currenciesOf } from './booking';
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

/**
 * The order as the engine places it, and the rule it breaks (if any): checked outside the writer,
 * against the market as it is now. An unknown symbol throws at once (there is no order to replay).
 */
export function prepareOrder(
  market: MarketSource,
  settings: SpotSettings,
  owner: Owner,
  request: OrderRequest,
) {
  const instrument = market.instrument(request.symbol);
  const ticker = market.ticker(request.symbol);
  const draft = {
    side: request.side,
    type: request.type,
    quantity: request.quantity,
    price: request.price,
  };
  const broken =
    request.wallet === 'stock'
      ? checkStockOrder(
          instrument,
          draft,
          { last: ticker?.last ?? null, prevClose: ticker?.prev ?? null },
          settings.stockOrderLimits,
        )
      : checkCoinOrder(instrument, draft, ticker?.last ?? null, settings.coinSpot);
  if (!instrument) throw new ApiError(broken?.key ?? 'NOT_TRADABLE', broken?.params);
  const refusal = broken
    ? new ApiError(broken.key, withUnits(broken.params, ruleUnits(request.wallet, instrument)))
    : request.wallet === 'stock' && request.type === 'market' && !market.status('BIST').open
      ? new ApiError('MARKET_CLOSED')
      : null;
  const timeInForce = request.wallet === 'coin' ? 'gtc' : (request.timeInForce ?? 'day');
  const input = {
    userId: owner.userId,
    accountType: owner.accountType,
    wallet: request.wallet,
    instrument,
    side: request.side,
    type: request.type,
    quantity: request.quantity,
    price: request.type === 'limit' ? (request.price ?? null) : null,
    timeInForce,
    clientOrderId: request.clientOrderId ?? null,
  };
  return { input, refusal };
}

export type PreparedOrder = ReturnType<typeof prepareOrder>['input'];
