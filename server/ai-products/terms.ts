import Decimal from 'decimal.js';
import { selectBasket, type BasketWeight, type History } from '../../domain/ai-products/basket';
import { INTERVAL_MS } from '../../domain/market/instrument';
import { TRY_SCALE } from '../../domain/format/money';
import { moneyTo } from '../../domain/validation/scale';
import type { Db } from '../db/client';
import { decimalField } from '../http/decimal-field';
import { ApiError } from '../http/errors';
import type { MarketSource } from '../market/source';
import { readSetting, type Settings } from '../settings';

export type AiSettings = Settings['aiProducts'];
export type AiProductTerms = AiSettings['products'][number];

export const DAY_BAR_MS = INTERVAL_MS['1d'];

export const aiSettings = (db: Db): Promise<AiSettings> => readSetting(db, 'aiProducts');

/** The product of `id` (AI_PRODUCT_NOT_FOUND otherwise). */
export async function productOf(db: Db, id: string): Promise<AiProductTerms> {
  const product = (await aiSettings(db)).products.find((p) => p.id === id);
  if (!product) throw new ApiError('AI_PRODUCT_NOT_FOUND');
  return product;
}

/** The stocks a product picks from: its index's members the source lists as stocks. */
export function universeOf(market: MarketSource, product: AiProductTerms): string[] {
  const members = market.instrument(product.universe)?.members ?? [];
  return members.filter((s) => market.instrument(s)?.market === 'stock');
}

/** Daily bars of every member (oldest first), enough for the rule and a backtest of `days`. */
export function historyOf(market: MarketSource, symbols: readonly string[], bars: number): History[] {
  return symbols.map((symbol) => ({
    symbol,
    bars: market.candles(symbol, '1d', bars).map((c) => ({ t: c.t, open: c.o, close: c.c })),
  }));
}

/** The basket the rule holds at `now`, from bars closed before it. */
export function basketNow(market: MarketSource, product: AiProductTerms, now: number): BasketWeight[] {
  const history = historyOf(market, universeOf(market, product), product.lookbackDays + 3);
  return selectBasket(history, product, now, DAY_BAR_MS);
}

/** The source's last price of a symbol, or null. */
export function lastPrice(market: MarketSource, symbol: string): string | null {
  const last = market.ticker(symbol)?.last;
  return last && new Decimal(last).gt(0) ? last : null;
}

/** A canonical, positive TRY amount with at most 2 decimals (kuruş). */
export function amountField(value: string): Decimal {
  const amount = decimalField(value, 'amount', moneyTo(TRY_SCALE));
  if (amount.lte(0)) throw new ApiError('AMOUNT_NOT_POSITIVE', { field: 'amount' });
  return amount;
}

export function checkOpen(market: MarketSource): void {
  if (!market.status('BIST').open) throw new ApiError('AI_MARKET_CLOSED');
}
