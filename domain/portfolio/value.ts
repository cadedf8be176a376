import Decimal from 'decimal.js';
import { TRY_SCALE } from '../format/money';
import { withTrades } from './day-moves';
import { WALLET_CASH } from '../protocol/account';
import type { DayCash, DayTrade, PortfolioBalance, PortfolioInput, PricePoint } from './portfolio-input';

/**
 * One TRY figure for everything an account holds ("Toplam varlık" must be a true
 * total): the ledger's balances (/user/assets) valued at the feed's prices, plus the contract
 * wallet's open PnL, with USDT turned into TRY at the USDT/TRY rate. Pure, so the Home card,
 * the Mine total and the tests compute it the same way.
 */

/** Exact enough for share counts × prices × rates; the shown figure is truncated to kuruş. */
const PortfolioDecimal = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_DOWN });
const d = (value: Decimal.Value) => new PortfolioDecimal(value);

export type PortfolioPart = 'stock' | 'coin' | 'contract' | 'products' | 'loan';

export type PortfolioValue = {
  /** Truncated to kuruş; null while any holding has no price (never a partial sum shown as whole). */
  totalTry: string | null;
  /**
   * What the account made since each price's reference (BIST: the previous close; coins and
   * contracts: 24 h ago), FX included: the value now less the value at the reference, where money
   * that came or went without trading (deposits, withdrawals, funding, transfers, exchange,
   * products bought or paid out) is no gain or loss. Per asset, what was held at the reference at
   * the reference price plus the cash paid for spot trades since (their spread and fees are a
   * loss, a move before a buy is no gain). Per cash balance, the cash now less its own P&L and
   * flows since (`todayCash`): TRY at face value; USDT at the reference rate, except the flows,
   * at today's (USDT that arrived since earns no FX move from before it came; one that left
   * keeps the move of the whole window). So the contract wallet's realised P&L, fees and funding
   * count in full, and its open P&L from its value at the reference (`openPnlRef`). Products
   * count at their value now, moving only through the USDT rate. Null as above.
   */
  dayPnlTry: string | null;
  /**
   * Day P&L against that reference value (held then at the reference price, plus the cash paid
   * since), percent with 2 decimals; null when that value is 0.
   */
  dayPnlPct: string | null;
  /** Each wallet in TRY (null while its prices are missing). */
  parts: Record<PortfolioPart, string | null>;
  /** Symbols whose price is still missing. */
  missing: string[];
};

type Valued = { now: Decimal; prev: Decimal } | null;

/**
 * One asset in TRY now and at its reference; null when a needed price is missing. With a trade
 * in the window the reference is (qty − traded) × prev + cash paid; a price is needed only for a
 * quantity held now or then (an asset bought and sold back in the window needs none).
 */
function valueOf(
  balance: PortfolioBalance,
  input: PortfolioInput,
  trade: DayTrade | undefined,
  cash: DayCash | undefined,
  missing: Set<string>,
): Valued {
  const qty = d(balance.total);
  if (balance.currency === WALLET_CASH[balance.wallet])
    return cashValue(qty, balance.wallet, cash, input, missing);
  const held = trade ? qty.minus(trade.qty) : qty;
  const paid = trade ? d(trade.cost) : d(0);
  if (qty.isZero() && held.isZero() && paid.isZero()) return { now: d(0), prev: d(0) };
  const fx = input.usdtTry;
  const needFx = (): PricePoint | null => {
    if (fx) return fx;
    missing.add('USDTTRY');
    return null;
  };
  const cashOnly = qty.isZero() && held.isZero();
  if (balance.wallet === 'stock') {
    if (cashOnly) return { now: d(0), prev: paid };
    const price = input.prices[balance.currency];
    if (!price) {
      missing.add(balance.currency);
      return null;
    }
    return { now: qty.mul(price.last), prev: held.mul(price.prev).plus(paid) };
  }
  const rate = needFx();
  if (cashOnly) return rate ? { now: d(0), prev: paid.mul(rate.prev) } : null;
  const symbol = `${balance.currency}USDT`;
  const price = input.prices[symbol];
  if (!price) missing.add(symbol);
  if (!price || !rate) return null;
  return {
    now: qty.mul(price.last).mul(rate.last),
    prev: held.mul(price.prev).plus(paid).mul(rate.prev),
  };
}

/**
 * A wallet's cash now and at the reference: the cash then is the cash now less its P&L and
 * flows since (spot fills are their assets' `today` cost). TRY counts at face value; USDT at the
 * reference rate, its flows at today's (money that arrived since earns no FX move from before it
 * came), its P&L at today's. Without moves, the balance now at both (older answers).
 */
function cashValue(
  qty: Decimal,
  wallet: PortfolioBalance['wallet'],
  cash: DayCash | undefined,
  input: PortfolioInput,
  missing: Set<string>,
): Valued {
  const pnl = d(cash?.pnl ?? 0);
  const flows = d(cash?.flows ?? 0);
  const then = qty.minus(pnl).minus(flows);
  if (wallet === 'stock') return { now: qty, prev: qty.minus(pnl) };
  if (qty.isZero() && pnl.isZero() && flows.isZero()) return { now: d(0), prev: d(0) };
  const rate = input.usdtTry;
  if (!rate) {
    missing.add('USDTTRY');
    return null;
  }
  return { now: qty.mul(rate.last), prev: then.mul(rate.prev).plus(flows.mul(rate.last)) };
}

/** Money truncates (DECISIONS §3); a loss under a kuruş shows as 0.00, not -0.00. */
function truncate(value: Decimal): string {
  const cut = value.toDecimalPlaces(TRY_SCALE, Decimal.ROUND_DOWN);
  return (cut.isZero() ? cut.abs() : cut).toFixed(TRY_SCALE);
}

export function portfolioValue(input: PortfolioInput): PortfolioValue {
  const missing = new Set<string>();
  const sums: Record<PortfolioPart, { now: Decimal; prev: Decimal } | null> = {
    stock: { now: d(0), prev: d(0) },
    coin: { now: d(0), prev: d(0) },
    contract: { now: d(0), prev: d(0) },
    products: { now: d(0), prev: d(0) },
    loan: { now: d(0), prev: d(0) },
  };
  // The debt, negative: owed now; at the reference, owed less the interest accrued since (a
  // disbursement or repayment moved the stock cash by the same amount, a flow on both sides).
  if (input.loanDebt) {
    const owed = d(input.loanDebt.owed);
    sums.loan = { now: owed.neg(), prev: owed.minus(input.loanDebt.interest).neg() };
  }
  for (const { balance, trade, cash } of withTrades(input)) {
    const valued = valueOf(balance, input, trade, cash, missing);
    const sum = sums[balance.wallet];
    if (!valued || !sum) {
      sums[balance.wallet] = null;
      continue;
    }
    sum.now = sum.now.plus(valued.now);
    sum.prev = sum.prev.plus(valued.prev);
  }
  // Open contract PnL counts in the total at today's rate (the card says contract PnL is in the
  // total); at the reference, what the positions open then were making (`openPnlRef`), or, in an
  // older answer, the same PnL at the reference rate.
  const pnl = input.contractPnls.reduce((sum, x) => sum.plus(x), d(0));
  const pnlRef = input.openPnlRef == null ? pnl : d(input.openPnlRef);
  if ((!pnl.isZero() || !pnlRef.isZero()) && sums.contract) {
    const rate = input.usdtTry;
    if (!rate) {
      missing.add('USDTTRY');
      sums.contract = null;
    } else {
      sums.contract.now = sums.contract.now.plus(pnl.mul(rate.last));
      sums.contract.prev = sums.contract.prev.plus(pnlRef.mul(rate.prev));
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
    loan: sums.loan ? truncate(sums.loan.now) : null,
  };
  const all = [sums.stock, sums.coin, sums.contract, sums.products, sums.loan];
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
