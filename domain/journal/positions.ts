import type Decimal from 'decimal.js';
import { jd, type ClosedTrade, type JournalSourceName } from './trade';

/** A closed (or liquidated) contract position as the journal reads it, with its closes. */
export type ContractIn = {
  id: string;
  symbol: string;
  side: 'long' | 'short';
  leverage: number;
  entryPrice: Decimal.Value;
  openFee: Decimal.Value;
  closeFee: Decimal.Value;
  /** Σ funding paid (negative: received). */
  funding: Decimal.Value;
  /** What the position returned, fees and funding included. */
  realizedPnl: Decimal.Value;
  openedAt: number;
  closedAt: number;
  /** Each close's quantity and average price; empty when they were purged (then `qty`, `closePrice`). */
  closes: readonly { qty: Decimal.Value; price: Decimal.Value }[];
  qty: Decimal.Value;
  closePrice: Decimal.Value;
};

/**
 * A contract position is one trade: size the quantity its closes took, exit their average price,
 * costs the opening and closing fees and the funding paid, P&L what the position realised.
 */
export function contractTrade(p: ContractIn, source: JournalSourceName): ClosedTrade {
  let qty = jd(0);
  let value = jd(0);
  for (const c of p.closes) {
    qty = qty.plus(c.qty);
    value = value.plus(jd(c.qty).mul(c.price));
  }
  const closed = qty.gt(0);
  return {
    id: `${source}:contract:${p.id}`,
    source,
    product: 'contract',
    symbol: p.symbol,
    currency: 'USDT',
    side: p.side,
    openedAt: p.openedAt,
    closedAt: p.closedAt,
    entry: jd(p.entryPrice),
    exit: closed ? value.div(qty) : jd(p.closePrice),
    qty: closed ? qty : jd(p.qty),
    pnl: jd(p.realizedPnl),
    costs: jd(p.openFee).plus(p.closeFee).plus(p.funding),
    leverage: p.leverage,
    fills: [],
  };
}

/** A closed or expired option position as the journal reads it. */
export type OptionIn = {
  id: string;
  symbol: string;
  contracts: Decimal.Value;
  multiplier: number;
  premium: Decimal.Value;
  premiumTotal: Decimal.Value;
  fee: Decimal.Value;
  /** An early close's price a share; null at expiry. */
  closePremium: Decimal.Value | null;
  /** What was credited (the payoff, or the close's net); null when nothing was. */
  payoff: Decimal.Value | null;
  closeFee: Decimal.Value | null;
  openedAt: number;
  closedAt: number;
};

/**
 * An option position is one trade of `contracts`: entry the premium a share, exit the close's
 * price a share or, at expiry, the payoff a share; P&L what was credited less the premium total
 * and its fee (an early close's fee is already out of what it credited).
 */
export function optionTrade(p: OptionIn, source: JournalSourceName): ClosedTrade {
  const credited = jd(p.payoff ?? 0);
  const shares = jd(p.contracts).mul(p.multiplier);
  const closeFee = jd(p.closeFee ?? 0);
  const exit =
    p.closePremium !== null
      ? jd(p.closePremium)
      : shares.isZero()
        ? jd(0)
        : credited.plus(closeFee).div(shares);
  return {
    id: `${source}:option:${p.id}`,
    source,
    product: 'option',
    symbol: p.symbol,
    currency: 'TRY',
    side: 'long',
    openedAt: p.openedAt,
    closedAt: p.closedAt,
    entry: jd(p.premium),
    exit,
    qty: shares,
    pnl: credited.minus(p.premiumTotal).minus(p.fee),
    costs: jd(p.fee).plus(closeFee),
    leverage: null,
    fills: [],
  };
}
