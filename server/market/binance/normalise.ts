import type { Candle, Trade } from '../../../domain/protocol/market';
import { toSteps } from '../../../domain/market/ticks';
import type { Instrument, SourceTicker } from '../source';
import type { GridLevel } from './local-book';
import type { RawBar, RawLevel, RawTicker, RawTrade } from './parse';
import { onGrid, truncated } from './scale';

/**
 * Binance values onto our instrument's grid. A price or quantity off the grid (more non-zero
 * decimals than tickSize / stepSize allow) makes the whole message malformed: null.
 */

export function gridLevels(levels: RawLevel[], inst: Instrument): GridLevel[] | null {
  const out: GridLevel[] = [];
  for (const [price, qty] of levels) {
    const steps = toSteps(price, inst.priceScale);
    const size = onGrid(qty, inst.qtyScale);
    if (!Number.isFinite(steps) || steps <= 0 || size === null) return null;
    out.push([steps, isZero(size) ? null : size]);
  }
  return out;
}

function isZero(canonical: string): boolean {
  for (let i = 0; i < canonical.length; i++) {
    const code = canonical.charCodeAt(i);
    if (code !== 48 && code !== 46) return false;
  }
  return true;
}

/** Binance `m` = "the buyer is the maker", so the taker (our `side`) sold. */
export function ourTrade(raw: RawTrade, inst: Instrument): Trade | null {
  const price = onGrid(raw.price, inst.priceScale);
  const qty = onGrid(raw.qty, inst.qtyScale);
  if (price === null || qty === null) return null;
  return { id: String(raw.id), t: raw.t, price, qty, side: raw.buyerIsMaker ? 'sell' : 'buy' };
}

/** The 24 h rolling window: `prev` is the price 24 h ago, which is the window's open. */
export function ourTicker(raw: RawTicker, inst: Instrument): SourceTicker | null {
  const last = onGrid(raw.last, inst.priceScale);
  const open = onGrid(raw.open, inst.priceScale);
  const high = onGrid(raw.high, inst.priceScale);
  const low = onGrid(raw.low, inst.priceScale);
  if (last === null || open === null || high === null || low === null) return null;
  return {
    symbol: inst.symbol,
    last,
    open,
    high,
    low,
    prev: open,
    volume: truncated(raw.volume, inst.qtyScale),
    turnover: truncated(raw.quoteVolume, inst.priceScale),
    t: raw.t,
  };
}

export function ourCandle(raw: RawBar, inst: Instrument): Candle | null {
  const o = onGrid(raw.o, inst.priceScale);
  const h = onGrid(raw.h, inst.priceScale);
  const l = onGrid(raw.l, inst.priceScale);
  const c = onGrid(raw.c, inst.priceScale);
  if (o === null || h === null || l === null || c === null) return null;
  return { t: raw.t, o, h, l, c, v: truncated(raw.v, inst.qtyScale) };
}
