import Decimal from 'decimal.js';

/**
 * One TRY figure for everything an account holds (issue 18: "Toplam varlık" must be a true
 * total): the ledger's balances (/user/assets) valued at the feed's prices, plus the contract
 * wallet's open PnL, with USDT turned into TRY at the USDT/TRY rate. Pure, so the Home card,
 * the Mine total and the tests compute it the same way.
 */

/** Exact enough for share counts × prices × rates; the shown figure is truncated to kuruş. */
const PortfolioDecimal = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_DOWN });
const d = (value: Decimal.Value) => new PortfolioDecimal(value);

export const TRY_DECIMALS = 2;

/** A feed price and the one the day's change is measured from (the previous close for BIST). */
export type PricePoint = { last: string; prev: string };

export type PortfolioBalance = { wallet: 'stock' | 'coin' | 'contract'; currency: string; total: string };

export type PortfolioInput = {
  balances: readonly PortfolioBalance[];
  /** By symbol: BIST tickers (TRY) and `<COIN>USDT` pairs. */
  prices: Readonly<Record<string, PricePoint | undefined>>;
  /** The USDT/TRY rate, undefined while unknown. */
  usdtTry: PricePoint | undefined;
  /** Unrealised PnL of each open contract position, USDT. */
  contractPnls: readonly string[];
  /**
   * What products hold outside the wallets (/user/assets `products`: AI stock products, robots,
   * open options), valued by the broker. They have no previous close here, so like contract PnL
   * they count in the total and move the day's figure only through the USDT rate.
   */
  products?: readonly { currency: 'TRY' | 'USDT'; value: string }[];
};

export type PortfolioPart = 'stock' | 'coin' | 'contract' | 'products';

export type PortfolioValue = {
  /** Truncated to kuruş; null while any holding has no price (never a partial sum shown as whole). */
  totalTry: string | null;
  /** Change since the previous close of what is held now, FX included; null as above. */
  dayPnlTry: string | null;
  /** Day P&L against the value at the previous close, percent with 2 decimals; null when that is 0. */
  dayPnlPct: string | null;
  /** Each wallet in TRY (null while its prices are missing). */
  parts: Record<PortfolioPart, string | null>;
  /** Symbols whose price is still missing. */
  missing: string[];
};

type Valued = { now: Decimal; prev: Decimal } | null;

/** One balance in TRY now and at the previous close; null when a needed price is missing. */
function valueOf(balance: PortfolioBalance, input: PortfolioInput, missing: Set<string>): Valued {
  const qty = d(balance.total);
  if (qty.isZero()) return { now: d(0), prev: d(0) };
  const fx = input.usdtTry;
  const needFx = (): PricePoint | null => {
    if (fx) return fx;
    missing.add('USDTTRY');
    return null;
  };
  if (balance.wallet === 'stock') {
    if (balance.currency === 'TRY') return { now: qty, prev: qty };
    const price = input.prices[balance.currency];
    if (!price) {
      missing.add(balance.currency);
      return null;
    }
    return { now: qty.mul(price.last), prev: qty.mul(price.prev) };
  }
  const rate = needFx();
  if (balance.currency === 'USDT') return rate ? { now: qty.mul(rate.last), prev: qty.mul(rate.prev) } : null;
  const symbol = `${balance.currency}USDT`;
  const price = input.prices[symbol];
  if (!price) missing.add(symbol);
  if (!price || !rate) return null;
  return { now: qty.mul(price.last).mul(rate.last), prev: qty.mul(price.prev).mul(rate.prev) };
}

/** Money truncates (DECISIONS §3); a loss under a kuruş shows as 0.00, not -0.00. */
function truncate(value: Decimal): string {
  const cut = value.toDecimalPlaces(TRY_DECIMALS, Decimal.ROUND_DOWN);
  return (cut.isZero() ? cut.abs() : cut).toFixed(TRY_DECIMALS);
}

export function portfolioValue(input: PortfolioInput): PortfolioValue {
  const missing = new Set<string>();
  const sums: Record<PortfolioPart, { now: Decimal; prev: Decimal } | null> = {
    stock: { now: d(0), prev: d(0) },
    coin: { now: d(0), prev: d(0) },
    contract: { now: d(0), prev: d(0) },
    products: { now: d(0), prev: d(0) },
  };
  for (const balance of input.balances) {
    const valued = valueOf(balance, input, missing);
    const sum = sums[balance.wallet];
    if (!valued || !sum) {
      sums[balance.wallet] = null;
      continue;
    }
    sum.now = sum.now.plus(valued.now);
    sum.prev = sum.prev.plus(valued.prev);
  }
  // Open contract PnL has no previous close of its own: it counts in the total at today's rate
  // and moves the day's figure only through the rate (the card says contract PnL is in the total).
  const pnl = input.contractPnls.reduce((sum, x) => sum.plus(x), d(0));
  if (!pnl.isZero() && sums.contract) {
    const rate = input.usdtTry;
    if (!rate) {
      missing.add('USDTTRY');
      sums.contract = null;
    } else {
      sums.contract.now = sums.contract.now.plus(pnl.mul(rate.last));
      sums.contract.prev = sums.contract.prev.plus(pnl.mul(rate.prev));
    }
  }
  for (const product of input.products ?? []) {
    const value = d(product.value);
    const sum = sums.products;
    if (value.isZero() || !sum) continue;
    if (product.currency === 'TRY') {
      sum.now = sum.now.plus(value);
      sum.prev = sum.prev.plus(value);
      continue;
    }
    const rate = input.usdtTry;
    if (!rate) {
      missing.add('USDTTRY');
      sums.products = null;
      continue;
    }
    sum.now = sum.now.plus(value.mul(rate.last));
    sum.prev = sum.prev.plus(value.mul(rate.prev));
  }
  const parts = {
    stock: sums.stock ? truncate(sums.stock.now) : null,
    coin: sums.coin ? truncate(sums.coin.now) : null,
    contract: sums.contract ? truncate(sums.contract.now) : null,
    products: sums.products ? truncate(sums.products.now) : null,
  };
  const all = [sums.stock, sums.coin, sums.contract, sums.products];
  if (all.some((s) => s === null)) {
    return { totalTry: null, dayPnlTry: null, dayPnlPct: null, parts, missing: [...missing].sort() };
  }
  const now = all.reduce((acc, s) => acc.plus(s?.now ?? 0), d(0));
  const prev = all.reduce((acc, s) => acc.plus(s?.prev ?? 0), d(0));
  const day = now.minus(prev);
  return {
    totalTry: truncate(now),
    dayPnlTry: truncate(day),
    dayPnlPct: prev.isZero() ? null : truncate(day.div(prev).mul(100)),
    parts,
    missing: [],
  };
}
