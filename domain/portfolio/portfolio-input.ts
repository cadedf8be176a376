/** What the portfolio's value is computed from: balances, prices and the day's moves. */
import type { DayCash, DayTrade, Wallet } from '../protocol/account';

/** A feed price and the one the day's change is measured from (the previous close for BIST). */
export type PricePoint = { last: string; prev: string };

export type PortfolioBalance = { wallet: Wallet; currency: string; total: string };

/**
 * The day's spot fills (/user/assets `today`) and other cash moves (`todayCash`), as the wire
 * declares them: net quantity and cost of what was traded since each asset's reference, and each
 * cash balance's own P&L and flows.
 */
export type { DayCash, DayTrade } from '../protocol/account';

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
  /**
   * Spot trades since each asset's reference. An asset traded there is worth, at the reference,
   * what was held then at the reference price plus the cash paid since: the day's figure never
   * counts a move from before the user held it. Absent: nothing traded (or an older answer).
   */
  today?: readonly DayTrade[];
  /**
   * Each cash balance's moves since its reference. The cash held at the reference is the cash
   * now less both; P&L counts in the day's figure (at today's USDT rate), a flow does not, and
   * USDT that arrived since earns no FX move from before it came. Absent (an older answer): cash
   * counts at its balance now, moving only through the USDT rate.
   */
  todayCash?: readonly DayCash[];
  /**
   * The open contract P&L (USDT) at the reference of the positions open then, closed since or
   * not, on the quantity each held then (pnlAtReference; 0 for those opened since). Absent or
   * null: open P&L counts at its value now, moving only through the USDT rate.
   */
  openPnlRef?: string | null;
  /**
   * What the account owes on its loans (/user/assets `loanDebt`, TRY): `owed` counts against the
   * total as its own negative part (borrowed money sits in the stock wallet and is not owned);
   * `interest` accrued since the stock reference is a cost in the day's figure, while the
   * disbursement and repayments are flows (the cash and the debt move together). Absent: none.
   */
  loanDebt?: { owed: string; interest: string } | null;
};
