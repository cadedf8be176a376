import Decimal from 'decimal.js';
import type { SpotWallet } from '../protocol/account';

/**
 * Currency exchange: TRY ↔ USDT between the stock and currency (coin) wallets, priced
 * on the USDTTRY book, and coin ↔ coin inside the coin wallet, priced on the coins' USDT books
 * (a coin into another coin goes through USDT: sold at the first book's bid, bought at the
 * second's ask). The user always takes the side of the book a real order would: buying pays the
 * best ask, selling gets the best bid. Then the configured spread, then the fee.
 *
 * Decimals (what a balance of that currency holds): TRY 2, USDT 8 (the contracts' USDT scale),
 * any other coin its USDT market's quantity scale from the catalogue.
 */

/** 40 digits: a cross rate divides numbers that already carry many places. */
const X = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_UP });

/** Rates are shown and applied with this many significant digits (a coin ↔ coin rate can be 1e-9). */
export const RATE_DIGITS = 10;
/** The spread figure (a fraction of the mid rate) carries this many decimals. */
export const SPREAD_DECIMALS = 6;

export type ExchangeWallet = SpotWallet;
/** One book the conversion crosses: `buy` pays the ask for the base, `sell` gets the bid for it. */
export type ExchangeLeg = { symbol: string; side: 'buy' | 'sell' };
export type ExchangeRoute = { fromWallet: ExchangeWallet; toWallet: ExchangeWallet; legs: ExchangeLeg[] };

/**
 * Which books turn `from` into `to`, or null when the pair is not offered (same currency, TRY
 * with anything but USDT, a coin without a USDT market). `listed(coin)`: has `${coin}USDT`.
 */
export function exchangeRoute(
  from: string,
  to: string,
  listed: (coin: string) => boolean,
): ExchangeRoute | null {
  if (from === to) return null;
  if (from === 'TRY' || to === 'TRY') {
    if (from === 'TRY' && to === 'USDT')
      return { fromWallet: 'stock', toWallet: 'coin', legs: [{ symbol: 'USDTTRY', side: 'buy' }] };
    if (from === 'USDT' && to === 'TRY')
      return { fromWallet: 'coin', toWallet: 'stock', legs: [{ symbol: 'USDTTRY', side: 'sell' }] };
    return null;
  }
  const legs: ExchangeLeg[] = [];
  if (from !== 'USDT') {
    if (!listed(from)) return null;
    legs.push({ symbol: `${from}USDT`, side: 'sell' });
  }
  if (to !== 'USDT') {
    if (!listed(to)) return null;
    legs.push({ symbol: `${to}USDT`, side: 'buy' });
  }
  return { fromWallet: 'coin', toWallet: 'coin', legs };
}

/** A book's best levels, as the source shows them. */
export type BookTop = { bid: string; ask: string };

export type QuoteTerms = {
  amount: string;
  /** One best bid/ask per leg, in the route's order. */
  tops: readonly BookTop[];
  sides: readonly ('buy' | 'sell')[];
  /** Configured spread and fee rate, fractions (0.002 = 0.2 %). */
  spread: string;
  feeRate: string;
  /** Decimals of the currency received. */
  toScale: number;
};

export type QuoteFigures = {
  /** Units of `to` per unit of `from`, spread included (10 significant digits, rounded down). */
  rate: string;
  /** The books' mid rate (10 significant digits). */
  midRate: string;
  /** 1 − rate / midRate: the book's half spread plus ours, all the user gives up against the mid. */
  spread: string;
  /** amount × rate × feeRate, rounded half-up to the target's decimals. */
  fee: string;
  /** amount × rate − fee, truncated to the target's decimals. */
  receive: string;
};

function legRate(top: BookTop, side: 'buy' | 'sell'): Decimal {
  return side === 'buy' ? new X(1).div(top.ask) : new X(top.bid);
}

function legMid(top: BookTop, side: 'buy' | 'sell'): Decimal {
  const mid = new X(top.bid).plus(top.ask).div(2);
  return side === 'buy' ? new X(1).div(mid) : mid;
}

/** 1 − rate / midRate at SPREAD_DECIMALS: recomputable from the two rates the quote shows. */
export function spreadOf(rate: string, midRate: string): string {
  return new X(1)
    .minus(new X(rate).div(midRate))
    .toDecimalPlaces(SPREAD_DECIMALS, Decimal.ROUND_HALF_UP)
    .toFixed();
}

/** Every figure of a quote; the caller has checked that each top has a positive bid and ask. */
export function quoteFigures(t: QuoteTerms): QuoteFigures {
  let book = new X(1);
  let mid = new X(1);
  t.tops.forEach((top, i) => {
    const side = t.sides[i] ?? 'buy';
    book = book.mul(legRate(top, side));
    mid = mid.mul(legMid(top, side));
  });
  // Never past 18 decimals: the ledger and the quote table hold no more.
  const rate = book
    .mul(new X(1).minus(t.spread))
    .toSignificantDigits(RATE_DIGITS, Decimal.ROUND_DOWN)
    .toDecimalPlaces(18, Decimal.ROUND_DOWN);
  const midRate = mid
    .toSignificantDigits(RATE_DIGITS, Decimal.ROUND_HALF_UP)
    .toDecimalPlaces(18, Decimal.ROUND_HALF_UP);
  const gross = new X(t.amount).mul(rate);
  const fee = gross.mul(t.feeRate).toDecimalPlaces(t.toScale, Decimal.ROUND_HALF_UP);
  const receive = Decimal.max(gross.minus(fee).toDecimalPlaces(t.toScale, Decimal.ROUND_DOWN), 0);
  return {
    rate: rate.toFixed(),
    midRate: midRate.toFixed(),
    spread: spreadOf(rate.toFixed(), midRate.toFixed()),
    fee: fee.toFixed(),
    receive: new X(receive).toFixed(),
  };
}

/**
 * The smallest amount (in `from`, at its decimals) that receives at least one unit of the
 * target's last decimal after the fee: what a refused too-small amount tells the user.
 */
export function minimumAmount(rate: string, feeRate: string, fromScale: number, toScale: number): string {
  const unit = new X(1).div(new X(10).pow(toScale));
  const net = new X(rate).mul(new X(1).minus(feeRate));
  // One more unit of `from` covers the truncations of receive and the rounding of the fee.
  const step = new X(1).div(new X(10).pow(fromScale));
  return unit.div(net).toDecimalPlaces(fromScale, Decimal.ROUND_UP).plus(step).toFixed();
}
