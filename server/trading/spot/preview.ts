import type { SpotPreview } from '../../../domain/protocol/order-preview';
import { walkLevels } from '../../../domain/trade/book-walk';
import { priceDistance, spotPreviewFigures } from '../../../domain/trade/order-preview';
import { spotCapAndHold } from '../../../domain/trade/spot-order-cost';
import Decimal from 'decimal.js';
import type { Db } from '../../db/client';
import { ApiError } from '../../http/errors';
import { fitsLedger } from '../../ledger/decimal';
import { onOneState, type MarketSource } from '../../market/source';
import { currenciesOf } from './booking';
import { marketCap } from './market-cap';
import { prepareOrder, type OrderRequest, type Owner } from './order-request';
import { balanceOf, lockedQty, sellRefusal } from './place';
import type { SpotSettings } from './settings';

export type PreviewDeps = { db: Db; market: MarketSource; settings: SpotSettings; now: number };

/**
 * What an order would cost if placed now, by the placing code's own steps: its rules
 * (prepareOrder), a sell's holdings (sellRefusal), the cap and hold (spotCapAndHold), the levels
 * the execution would take (walkLevels, never past the cap) and the booking's costs of them
 * (spotPreviewFigures). Refuses what placing refuses, with the same keys; writes nothing. On a
 * book that does not move, the order then placed books exactly these figures.
 */
export async function previewSpotOrder(
  deps: PreviewDeps,
  owner: Owner,
  request: OrderRequest,
): Promise<SpotPreview> {
  const { db, market, settings, now } = deps;
  const { input, refusal } = prepareOrder(market, settings, owner, request);
  if (refusal) throw refusal;
  const { instrument, side } = input;
  const { cash, asset } = currenciesOf({ wallet: input.wallet, symbol: instrument.symbol }, instrument);
  // What the order holds comes out of this free balance: the cash for a buy, the asset for a sell.
  const held = await balanceOf(
    db,
    owner.userId,
    owner.accountType,
    input.wallet,
    side === 'buy' ? cash : asset,
  );
  if (side === 'sell') {
    const locked =
      input.wallet === 'stock'
        ? await lockedQty(db, owner.userId, owner.accountType, instrument.symbol, now)
        : '0';
    const broken = sellRefusal(input, held, locked);
    if (broken) throw broken;
  }
  const open = input.wallet === 'coin' || market.status('BIST').open;
  const planned = onOneState(market, () => {
    const caps = input.type === 'market' ? marketCap(market, instrument, side, input.quantity) : null;
    const chosen = spotCapAndHold(input, caps, () => held, settings);
    if (chosen === null) throw new ApiError('NO_LIQUIDITY');
    const book = market.book(instrument.symbol, 1000);
    const levels = (side === 'buy' ? book?.asks : book?.bids) ?? [];
    return { ...chosen, fills: open ? walkLevels(levels, side, input.quantity, chosen.cap) : [] };
  });
  const { cap, hold, fills } = planned;
  if (!fitsLedger(hold)) throw new ApiError('INSUFFICIENT_BALANCE');
  if (input.price !== null && !fitsLedger(input.price))
    throw new ApiError('FIELD_INVALID', { field: 'price' });
  // The hold is posted from the free balance: more than it holds is refused there.
  if (new Decimal(hold).gt(held)) throw new ApiError('INSUFFICIENT_BALANCE');
  if (input.type === 'market' && fills.length === 0) throw new ApiError('NO_LIQUIDITY');
  const figures = spotPreviewFigures(input, fills, instrument.priceScale, settings);
  const last = market.ticker(instrument.symbol)?.last ?? null;
  const distance = priceDistance(figures.avgPrice, last);
  return {
    symbol: instrument.symbol,
    side,
    currency: cash,
    asset,
    ...figures,
    hold,
    holdCurrency: side === 'buy' ? cash : asset,
    cap,
    last,
    priceDiff: distance?.diff ?? null,
    priceDiffPercent: distance?.percent ?? null,
  };
}
